package dev.spl;

import dev.spl.rules.AnnotationSuppressions;
import dev.spl.rules.RuleSelection;
import dev.spl.schema.GatewayApiVersion;

/**
 * How to lint: the target Gateway API version, which rules run at what severity, and which findings
 * an object's own suppression annotations may silence.
 */
public record LintOptions(
    GatewayApiVersion version, RuleSelection rules, AnnotationSuppressions annotationSuppressions) {

  public LintOptions(GatewayApiVersion version, RuleSelection rules) {
    this(version, rules, AnnotationSuppressions.ALL);
  }

  public static LintOptions defaults() {
    return new LintOptions(GatewayApiVersion.MAIN, RuleSelection.all());
  }

  public LintOptions withVersion(GatewayApiVersion v) {
    return new LintOptions(v, rules, annotationSuppressions);
  }

  public LintOptions withRules(RuleSelection selection) {
    return new LintOptions(version, selection, annotationSuppressions);
  }

  public LintOptions withAnnotationSuppressions(AnnotationSuppressions allowed) {
    return new LintOptions(version, rules, allowed);
  }
}
