package dev.spl.rules.input;

import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.Suppressions;

/** SPL003: an ignore annotation that gives no reason, or names no rule. */
public final class SuppressionWithoutReason implements ResourceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL003",
          "suppression-without-reason",
          Severity.WARNING,
          "An ignore.spl.dev annotation has an empty reason or names no rule.",
          "A suppression hides a finding from everyone who reads the manifest later. Without a reason"
              + " nobody can tell whether it still applies; a suppression that names no rule hides"
              + " nothing and is usually a typo.",
          "Write why the finding does not apply as the annotation's value, e.g."
              + " ignore.spl.dev/SPL140: \"our gRPC clients keep cookies (grpc-web)\".",
          "spl suppressions (README)");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode metadata = resource.metadata();
    MapNode annotations = metadata == null ? null : metadata.map("annotations");
    if (annotations == null) {
      return;
    }
    for (MapNode.Entry e : annotations.entries()) {
      if (!e.key().startsWith(Suppressions.PREFIX)) {
        continue;
      }
      FieldPath at = FieldPath.of("metadata", "annotations", e.key());
      String ruleRef = e.key().substring(Suppressions.PREFIX.length());
      if (!Suppressions.namesKnownRule(ruleRef)) {
        reporter.report(
            INFO,
            resource,
            at,
            "annotation " + e.key() + " names no spl rule; use a rule id or name, e.g. SPL010");
      } else if (!(e.value() instanceof ScalarNode s)
          || s.value() == null
          || String.valueOf(s.value()).isBlank()) {
        reporter.report(
            INFO,
            resource,
            at,
            "annotation " + e.key() + " has no reason; say why the finding does not apply here");
      }
    }
  }
}
