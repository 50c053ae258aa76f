package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * SPL141: the route's GatewayClass controller is known not to honour route-level persistence; for a
 * controller that changed, at the release the input shows (else its newest release).
 */
@RuleDefinition(
    id = "SPL141",
    name = "controller-ignores-persistence",
    severity = Severity.WARNING,
    summary = "The route's GatewayClass controller is known not to honour sessionPersistence.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class ControllerIgnoresPersistence implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{product} ({controller}) ignores sessionPersistence on {kind}; {instead}");

  /** What the message says when the controller's data names no other place for stickiness. */
  static final String NO_EFFECT = "this setting has no effect";

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS
        .and(KindRole.ROUTE, "parentRefs")
        .and(KindRole.GATEWAY, "gatewayClassName")
        .and(KindRole.GATEWAY_CLASS, "controllerName");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource route : index.routes()) {
      Optional<RouteRule> persistent =
          index.rules(route).stream().filter(r -> r.inline() != null).findFirst();
      if (persistent.isEmpty()) {
        continue;
      }
      Set<String> seen = new HashSet<>();
      for (ResourceIndex.ServingClass serving : index.servingClasses(route)) {
        String controllerName = serving.controllerName();
        KnownControllers.find(controllerName)
            .filter(
                c ->
                    c.ignores().contains(route.kind())
                        && c.ignoresAt(context.controllerVersions().of(controllerName))
                        && seen.add(controllerName))
            .ifPresent(
                c ->
                    reporter.report(
                        info(),
                        route,
                        persistent.get().inline().path(),
                        MESSAGE.format(
                            "product",
                            c.product(),
                            "controller",
                            controllerName,
                            "kind",
                            route.kind(),
                            "instead",
                            c.instead() == null ? NO_EFFECT : c.instead()),
                        serving.locations()));
      }
    }
  }
}
