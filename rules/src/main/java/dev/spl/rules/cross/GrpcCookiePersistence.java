package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.Kinds;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/** SPL140: Cookie persistence for GRPCRoute traffic, which most gRPC clients cannot carry. */
@RuleDefinition(
    id = "SPL140",
    name = "grpc-cookie-persistence",
    severity = Severity.WARNING,
    summary = "Cookie persistence on a GRPCRoute: most gRPC clients keep no cookies; use Header.")
public final class GrpcCookiePersistence implements IndexRule {
  /** Cookie persistence written on the rule itself: the object alone decides it. */
  public static final MessageTemplate INLINE =
      MessageTemplate.of(
          "Cookie persistence on a GRPCRoute: gRPC clients keep no cookies; use type: Header");

  /** Cookie persistence a backend of the rule brings (a policy or Backend). */
  public static final MessageTemplate THROUGH_BACKEND =
      MessageTemplate.of(
          "{backend} persists with a cookie, which gRPC clients do not keep; use type: Header");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource route : index.routes()) {
      if (!route.kind().equals(Kinds.GRPC_ROUTE)) {
        continue;
      }
      for (RouteRule rule : index.rules(route)) {
        if (rule.inline() != null) {
          if (isCookie(rule.inline())) {
            reporter.report(info(), route, rule.inline().path(), INLINE.format());
          }
          continue;
        }
        for (BackendRef b : rule.backends()) {
          for (SessionPersistenceSite s : index.backendPersistence(b)) {
            if (isCookie(s)) {
              reporter.report(
                  info(),
                  route,
                  b.path(),
                  THROUGH_BACKEND.format("backend", b.target().name()),
                  List.of(Reporter.at(s.resource(), s.path())));
            }
          }
        }
      }
    }
  }

  private static boolean isCookie(SessionPersistenceSite site) {
    return site.celInput() != null && "Cookie".equals(site.type());
  }
}
