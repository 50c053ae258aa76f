package dev.spl.rules.aws;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Map;

/**
 * SPL601: ALB target-group stickiness on targets of type instance, where the load balancer pins a
 * node and kube-proxy spreads that node's requests over the Service's pods.
 */
@RuleDefinition(
    id = "SPL601",
    name = "alb-stickiness-on-instance-targets",
    severity = Severity.WARNING,
    summary =
        "ALB sticky sessions (stickiness.enabled=true) on an Ingress whose targets are instances,"
            + " not pods.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class AlbStickinessOnInstanceTargets implements IndexRule {

  @Override
  public Inputs inputs() {
    return AlbAnnotations.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (AlbAnnotations.Backend b : AlbAnnotations.backends(index, context)) {
      Map<String, String> merged = b.annotations();
      Map<String, String> attributes =
          AlbAnnotations.attributes(merged.get(AlbAnnotations.ATTRIBUTES));
      if (!"true".equals(attributes.get("stickiness.enabled"))) {
        continue;
      }
      String targetType = merged.get(AlbAnnotations.TARGET_TYPE);
      if (targetType != null && !targetType.equals("instance")) {
        continue;
      }
      reporter.report(
          info(),
          b.attributesOn(),
          FieldPath.of("metadata", "annotations", AlbAnnotations.ATTRIBUTES),
          "stickiness pins a node, not a pod, with target-type "
              + (targetType == null ? "instance (the default)" : "instance")
              + ": set target-type: ip for Service "
              + b.path().service(),
          b.related());
    }
  }
}
