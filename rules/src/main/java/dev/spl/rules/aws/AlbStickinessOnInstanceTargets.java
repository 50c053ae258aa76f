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
    why =
        "With target-type instance (the AWS Load Balancer Controller's default) the ALB's target"
            + " group holds the cluster's nodes, on the Service's NodePort. The stickiness cookie"
            + " pins a client to a node; kube-proxy on that node then picks any pod of the"
            + " Service for each connection, so the session is not kept on one pod. The"
            + " controller's documentation: ip mode is required for sticky sessions to work."
            + " Without an annotation the target type is the controller's --default-target-type"
            + " (instance unless the cluster's admin changed it) or its IngressClassParams'.",
    fix =
        "Set alb.ingress.kubernetes.io/target-type: ip on the Ingress (or the Service), which"
            + " registers the pods themselves; it needs the VPC CNI's pod addresses.",
    reference =
        "kubernetes-sigs/aws-load-balancer-controller 225f445: docs/guide/ingress/annotations.md"
            + " (target-type: \"ip mode is required for sticky sessions to work\");"
            + " pkg/ingress/model_build_target_group.go buildTargetGroupTargetType (flag"
            + " --default-target-type, then the Service's or Ingress's annotation, then"
            + " IngressClassParams) and buildTargetGroupAttributes (keys and values trimmed)",
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
