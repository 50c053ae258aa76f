package dev.spl.rules.aws;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.WholeSeconds;

/**
 * SPL605: a ListenerRuleConfiguration's target group stickiness lasting a time its CRD refuses. It
 * is how the AWS Load Balancer Controller's Gateway pins a client to a target group (route
 * sessionPersistence is not honoured there), so a refused configuration leaves the route unpinned.
 */
@RuleDefinition(
    id = "SPL605",
    name = "alb-rule-stickiness-duration-refused",
    severity = Severity.ERROR,
    summary =
        "A ListenerRuleConfiguration's stickiness durationSeconds is not whole seconds from 1 to"
            + " 604800, which its CRD refuses.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class AlbRuleStickinessDurationRefused implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.LISTENER_RULE_CONFIGURATION, "actions");
  }

  /** {value}: the duration written. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "durationSeconds {value} is not whole seconds from 1 to 604800 (7 days): refused,"
              + " nothing pinned");

  static final String GROUP = "gateway.k8s.aws";
  static final String KIND = Kinds.LISTENER_RULE_CONFIGURATION;

  /** listenerruleconfig_types.go, TargetGroupStickinessConfig: Minimum=1, Maximum=604800. */
  static final long LONGEST = 604_800;

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!resource.is(GROUP, KIND) || resource.spec() == null) {
      return;
    }
    ListNode actions = resource.spec().list("actions");
    for (int i = 0; actions != null && i < actions.size(); i++) {
      if (!(actions.get(i) instanceof MapNode action)
          || !(action.get("forwardConfig") instanceof MapNode forward)
          || !(forward.get("targetGroupStickinessConfig") instanceof MapNode stickiness)) {
        continue;
      }
      Node duration = stickiness.get("durationSeconds");
      if (duration instanceof ScalarNode s
          && s.value() != null
          && !WholeSeconds.within(s.value(), 1, LONGEST)) {
        reporter.report(
            info(),
            resource,
            FieldPath.of(
                "spec",
                "actions",
                i,
                "forwardConfig",
                "targetGroupStickinessConfig",
                "durationSeconds"),
            MESSAGE.format("value", String.valueOf(s.value())));
      }
    }
  }
}
