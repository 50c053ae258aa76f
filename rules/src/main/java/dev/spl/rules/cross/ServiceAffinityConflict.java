package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
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
import java.util.Map;
import java.util.Optional;

/** SPL110: session persistence for traffic to a Service with sessionAffinity ClientIP. */
@RuleDefinition(
    id = "SPL110",
    name = "service-affinity-conflict",
    severity = Severity.ERROR,
    summary = "Session persistence for traffic to a Service with sessionAffinity ClientIP.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class ServiceAffinityConflict implements IndexRule {
  public static final MessageTemplate ON_RULE =
      MessageTemplate.of(
          "this rule persists sessions to Service {service}, which has sessionAffinity ClientIP; use"
              + " one of the two");
  public static final MessageTemplate ON_POLICY =
      MessageTemplate.of(
          "Service {service} has sessionAffinity ClientIP and this policy adds session persistence;"
              + " use one of the two");

  private static final FieldPath AFFINITY = FieldPath.of("spec", "sessionAffinity");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS.and(KindRole.SERVICE, "sessionAffinity");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      Resource route = rule.route();
      if (rule.inline() == null) {
        continue;
      }
      for (BackendRef b : rule.backends()) {
        clientIpService(index, b.target())
            .ifPresent(
                svc ->
                    reporter.report(
                        info(),
                        route,
                        rule.inline().path(),
                        ON_RULE.format("service", svc.name()),
                        List.of(Reporter.at(svc, AFFINITY))));
      }
    }
    for (Map.Entry<Resource, List<ObjectKey>> policy : index.policyTargets().entrySet()) {
      for (ObjectKey target : policy.getValue()) {
        for (SessionPersistenceSite site : index.sites(policy.getKey())) {
          clientIpService(index, target)
              .ifPresent(
                  svc ->
                      reporter.report(
                          info(),
                          policy.getKey(),
                          site.path(),
                          ON_POLICY.format("service", svc.name()),
                          List.of(Reporter.at(svc, AFFINITY))));
        }
      }
    }
  }

  private static Optional<Resource> clientIpService(ResourceIndex index, ObjectKey target) {
    if (target.role() != KindRole.SERVICE) {
      return Optional.empty();
    }
    return index
        .find(target)
        .filter(
            svc -> svc.spec() != null && "ClientIP".equals(svc.spec().string("sessionAffinity")));
  }
}
