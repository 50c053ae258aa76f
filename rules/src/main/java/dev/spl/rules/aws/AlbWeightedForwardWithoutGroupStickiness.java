package dev.spl.rules.aws;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SPL603: an ALB forward action that splits requests by weight over several target groups, some of
 * them sticky, without target-group stickiness on the action: each request is weighed again, so a
 * client moves between the groups and its pod-level sticky cookie is of no use in the other one.
 */
@RuleDefinition(
    id = "SPL603",
    name = "alb-weighted-forward-without-group-stickiness",
    severity = Severity.WARNING,
    summary =
        "An ALB action forwards by weight to sticky target groups without"
            + " targetGroupStickinessConfig, so clients switch groups.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class AlbWeightedForwardWithoutGroupStickiness implements IndexRule {
  /** {groups}: target groups with weight; {sticky}: how many of them are sticky. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "weighs each request over {groups} target groups ({sticky} sticky): set"
              + " targetGroupStickinessConfig to keep clients in one");

  static final String ACTIONS = AlbAnnotations.PREFIX + "actions.";

  @Override
  public Inputs inputs() {
    return AlbAnnotations.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource ingress : index.all(dev.spl.model.KindRole.INGRESS)) {
      if (!AlbAnnotations.isAlbs(ingress, context)) {
        continue;
      }
      Map<String, String> own = AlbAnnotations.albAnnotations(ingress);
      Set<String> seen = new HashSet<>();
      for (IngressPath path : IngressPath.of(ingress)) {
        // an action is used by a backend that names it, on the port "use-annotation"
        String raw = own.get(ACTIONS + path.service());
        if (!path.port().equals("use-annotation") || raw == null || !seen.add(path.service())) {
          continue;
        }
        Map<String, Object> forward = ForwardActions.forwardConfig(raw);
        if (forward == null || ForwardActions.groupStickiness(forward)) {
          continue;
        }
        List<?> groups =
            ForwardActions.get(forward, "targetGroups") instanceof List<?> l ? l : List.of();
        List<String> sticky = new ArrayList<>(); // Services whose groups are sticky
        int weighted = 0;
        for (Object g : groups) {
          if (!(g instanceof Map<?, ?> group)) {
            continue;
          }
          // over one group, each needs a weight, or the controller rejects the Ingress
          if (ForwardActions.get(group, "weight") instanceof Number n && n.longValue() > 0) {
            weighted++;
          }
          if (ForwardActions.get(group, "serviceName") instanceof String service
              && isSticky(index, ingress, service)) {
            sticky.add(service);
          }
        }
        if (weighted > 1 && !sticky.isEmpty()) {
          reporter.report(
              info(),
              ingress,
              FieldPath.of("metadata", "annotations", ACTIONS + path.service()),
              MESSAGE.format(
                  "groups", String.valueOf(weighted), "sticky", String.valueOf(sticky.size())));
        }
      }
    }
  }

  /** True when the Service's target group has stickiness.enabled=true (its annotations win). */
  private static boolean isSticky(ResourceIndex index, Resource ingress, String service) {
    Map<String, String> merged =
        AlbAnnotations.merged(ingress, AlbAnnotations.serviceOf(index, ingress, service));
    return "true"
        .equals(
            AlbAnnotations.attributes(merged.get(AlbAnnotations.ATTRIBUTES))
                .get("stickiness.enabled"));
  }
}
