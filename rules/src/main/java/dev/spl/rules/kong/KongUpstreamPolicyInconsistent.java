package dev.spl.rules.kong;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * SPL272: the Services of one route rule name different KongUpstreamPolicies (or some name one and
 * others none). Kong Ingress Controller makes one upstream of a rule's backends and takes its
 * policy from their konghq.com/upstream-policy annotations; when they differ it reports
 * "inconsistent KongUpstreamPolicy configuration" and applies none (internal/dataplane/kongstate/
 * kongupstreampolicy.go GetKongUpstreamPolicyForServices, KIC 1fa68f8), so the sticky policy pins
 * nobody. A warning: the route may not be Kong's when its GatewayClass is not in sight.
 */
@RuleDefinition(
    id = "SPL272",
    name = "kong-upstream-policy-inconsistent",
    severity = Severity.WARNING,
    summary =
        "The Services of one route rule name different KongUpstreamPolicies: Kong applies none.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class KongUpstreamPolicyInconsistent implements IndexRule {
  static final String ANNOTATION = "konghq.com/upstream-policy";
  static final String KONG = "konghq.com/kic-gateway-controller";

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Services {first} ({firstPolicy}) and {second} ({secondPolicy}) of this rule differ in"
              + " KongUpstreamPolicy: Kong applies none; give them one");

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.ROUTE, "rules", "parentRefs")
        .andAnnotations(KindRole.SERVICE, ANNOTATION)
        .and(KindRole.GATEWAY, "gatewayClassName")
        .and(KindRole.GATEWAY_CLASS, "controllerName");
  }

  private record Backend(BackendRef ref, Resource service, String policy) {}

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      if (!maybeKongs(index, rule.route())) {
        continue;
      }
      List<Backend> backends =
          rule.backends().stream()
              .map(b -> index.find(b.target()).map(s -> new Backend(b, s, policyOf(s))))
              .flatMap(Optional::stream)
              .filter(b -> b.service().role() == KindRole.SERVICE)
              .toList();
      if (backends.stream().noneMatch(b -> b.policy() != null)) {
        continue; // no Kong policy named: nothing Kong would refuse to apply
      }
      Backend first = backends.get(0);
      for (Backend other : backends.subList(1, backends.size())) {
        if (!Objects.equals(first.policy(), other.policy())) {
          reporter.report(
              info(),
              rule.route(),
              other.ref().path(),
              MESSAGE.format(
                  "first",
                  first.service().name(),
                  "firstPolicy",
                  shown(first.policy()),
                  "second",
                  other.service().name(),
                  "secondPolicy",
                  shown(other.policy())),
              List.of(
                  Reporter.at(first.service(), annotationField(first)),
                  Reporter.at(other.service(), annotationField(other))));
          break; // one difference says it for the rule
        }
      }
    }
  }

  /** Kong's route, or one whose GatewayClass is not in sight. */
  private static boolean maybeKongs(ResourceIndex index, Resource route) {
    var classes = index.servingClasses(route);
    return classes.isEmpty() || classes.stream().anyMatch(c -> KONG.equals(c.controllerName()));
  }

  private static String policyOf(Resource service) {
    return service.annotations() == null
        ? null
        : ScalarNode.text(service.annotations().get(ANNOTATION));
  }

  private static String shown(String policy) {
    return policy == null ? "none" : policy;
  }

  private static FieldPath annotationField(Backend b) {
    return b.policy() == null
        ? FieldPath.of("metadata", "name")
        : FieldPath.of("metadata", "annotations", ANNOTATION);
  }
}
