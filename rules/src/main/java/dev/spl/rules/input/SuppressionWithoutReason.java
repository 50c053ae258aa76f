package dev.spl.rules.input;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.Suppressions;

/** SPL003: an ignore annotation that gives no reason, or names no rule. */
@RuleDefinition(
    id = "SPL003",
    name = "suppression-without-reason",
    severity = Severity.WARNING,
    summary = "An ignore.spl.dev annotation has an empty reason or names no rule.")
public final class SuppressionWithoutReason implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.EVERY_OBJECT;
  }

  public static final MessageTemplate NAMES_NO_RULE =
      MessageTemplate.of("annotation {key} names no spl rule; use a rule id or name, e.g. SPL010");

  public static final MessageTemplate NO_REASON =
      MessageTemplate.of("annotation {key} has no reason; say why the finding does not apply here");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode annotations = resource.annotations();
    if (annotations == null) {
      return;
    }
    for (MapNode.Entry e : annotations.entries()) {
      if (!e.key().startsWith(Suppressions.PREFIX)) {
        continue;
      }
      FieldPath at = FieldPath.of("metadata", "annotations", e.key());
      String ruleRef = e.key().substring(Suppressions.PREFIX.length());
      if (!context.ruleNames().names(ruleRef)) {
        reporter.report(info(), resource, at, NAMES_NO_RULE.format("key", e.key()));
      } else if (!(e.value() instanceof ScalarNode s)
          || s.value() == null
          || String.valueOf(s.value()).isBlank()) {
        reporter.report(info(), resource, at, NO_REASON.format("key", e.key()));
      }
    }
  }
}
