package dev.spl.rules.aws;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.TargetRef;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SPL601: target-group stickiness on targets of type instance, where the load balancer pins a node
 * and kube-proxy spreads that node's requests over the Service's pods: an ALB Ingress's
 * annotations, or a TargetGroupConfiguration of the controller's Gateway API support.
 */
@RuleDefinition(
    id = "SPL601",
    name = "alb-stickiness-on-instance-targets",
    severity = Severity.WARNING,
    summary =
        "stickiness.enabled=true on an ALB Ingress or a TargetGroupConfiguration whose targets are"
            + " instances, not pods.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class AlbStickinessOnInstanceTargets implements IndexRule {

  @Override
  public Inputs inputs() {
    return AlbAnnotations.INPUTS.and(
        KindRole.SERVICE_POLICY, "targetReference", "defaultConfiguration", "routeConfigurations");
  }

  public static final MessageTemplate BY_CLASS =
      MessageTemplate.of(
          "stickiness pins a node, not a pod: the class's IngressClassParams sets targetType"
              + " instance, which no annotation overrides; set it to ip");

  public static final MessageTemplate BY_ANNOTATION =
      MessageTemplate.of(
          "stickiness pins a node, not a pod, with target-type {targetType}: set target-type: ip"
              + " for Service {service}");

  public static final MessageTemplate BY_CONFIGURATION =
      MessageTemplate.of(
          "stickiness pins a node, not a pod, with targetType {targetType}: set targetType: ip for"
              + " {target}");

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (AlbAnnotations.Backend b : AlbAnnotations.backends(index, context)) {
      if (AlbAnnotations.USE_ANNOTATION.equals(b.path().port())) {
        // an action (a redirect, a fixed response, a forward), named like a Service but none:
        // the controller reads actions.<name> (SPL603 judges a forward's target groups)
        continue;
      }
      Map<String, String> merged = b.annotations();
      Map<String, String> attributes =
          AlbAnnotations.attributes(merged.get(AlbAnnotations.ATTRIBUTES));
      if (!"true".equals(attributes.get("stickiness.enabled"))) {
        continue;
      }
      Optional<String> ofClass = AlbAnnotations.classTargetType(index, context, b.ingress());
      String targetType = ofClass.orElse(merged.get(AlbAnnotations.TARGET_TYPE));
      if (targetType != null && !targetType.equals("instance")) {
        continue; // the class's IngressClassParams, else the annotations, say ip
      }
      reporter.report(
          info(),
          b.attributesOn(),
          FieldPath.of("metadata", "annotations", AlbAnnotations.ATTRIBUTES),
          ofClass.isPresent()
              ? BY_CLASS.format()
              : BY_ANNOTATION.format(
                  "targetType",
                  targetType == null ? "instance (the default)" : "instance",
                  "service",
                  b.path().service()),
          b.related());
    }
    checkTargetGroupConfigs(index, reporter);
  }

  /**
   * A TargetGroupConfiguration's sticky props with targetType instance: written, or left to the
   * controller's default (instance) when no default configuration in sight could give another.
   */
  private void checkTargetGroupConfigs(ResourceIndex index, Reporter reporter) {
    List<Resource> configs =
        index.all(KindRole.SERVICE_POLICY).stream().filter(TargetGroupConfigs::is).toList();
    long defaults = configs.stream().filter(TargetGroupConfigs::isDefault).count();
    for (Resource tgc : configs) {
      boolean otherDefaults = defaults > (TargetGroupConfigs.isDefault(tgc) ? 1 : 0);
      List<TargetRef> target = TargetRef.of(tgc);
      String service =
          target.isEmpty() ? "its Gateway's Services" : "Service " + target.get(0).target().name();
      for (TargetGroupConfigs.Props props : TargetGroupConfigs.props(tgc)) {
        TargetGroupConfigs.Attribute sticky = props.attributes().get("stickiness.enabled");
        if (sticky == null || !sticky.value().equals("true")) {
          continue;
        }
        boolean written = props.targetType() != null;
        if (written ? !props.targetType().equals("instance") : otherDefaults) {
          continue;
        }
        reporter.report(
            info(),
            tgc,
            written ? props.targetTypeAt() : sticky.at(),
            BY_CONFIGURATION.format(
                "targetType", written ? "instance" : "instance (the default)", "target", service));
      }
    }
  }
}
