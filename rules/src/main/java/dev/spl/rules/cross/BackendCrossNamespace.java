package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.AttachmentPoint;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/**
 * SPL124: a route rule whose session persistence is set by a Backend of another namespace. Only
 * when that Backend is in the input and carries session persistence: a cross-namespace reference as
 * such is Gateway API's to allow (with a ReferenceGrant), and not a sticky-session problem.
 */
@RuleDefinition(
    id = "SPL124",
    name = "backend-cross-namespace",
    severity = Severity.INFO,
    summary = "A route's session persistence is set by a Backend in another namespace.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class BackendCrossNamespace implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Backend {backend} of namespace {namespace} sets this rule's session persistence:"
              + " another namespace's settings");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      Resource route = rule.route();
      for (BackendRef b : rule.backends()) {
        if (!b.isBackendResource() || b.target().namespace().equals(route.namespace())) {
          continue;
        }
        Resource backend = index.find(b.target()).orElse(null);
        SessionPersistenceSite site =
            backend == null
                ? null
                : index.sites(backend).stream()
                    .filter(s -> s.attachment() == AttachmentPoint.BACKEND)
                    .findFirst()
                    .orElse(null);
        if (site != null) {
          reporter.report(
              info(),
              route,
              b.path().key("namespace"),
              MESSAGE.format("backend", b.target().name(), "namespace", b.target().namespace()),
              List.of(Reporter.at(backend, site.path())));
        }
      }
    }
  }
}
