package dev.spl.rules.input;

import dev.spl.load.LoadProblem;
import dev.spl.model.Severity;
import dev.spl.rules.LoadProblemRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;

/**
 * SPL004: a Helm chart that Helm cannot render with the values given; the CLI's reader finds these,
 * this class names them. A warning, not an error: the chart may render with the values its
 * deployment passes, but none of its objects were linted.
 */
@RuleDefinition(
    id = "SPL004",
    name = "chart-not-rendered",
    severity = Severity.WARNING,
    summary = "A Helm chart does not render with the values given; none of its objects are linted.",
    noPolicyBecause = NoPolicy.CHART,
    lintOnly = true)
public final class ChartNotRendered implements LoadProblemRule {
  @Override
  public LoadProblem.Kind reports() {
    return LoadProblem.Kind.NOT_RENDERED;
  }
}
