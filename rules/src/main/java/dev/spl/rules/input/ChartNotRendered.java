package dev.spl.rules.input;

import dev.spl.model.Severity;
import dev.spl.rules.Rule;
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
    why =
        "spl lints a chart as `helm template` renders it. When Helm stops (a template error, a"
            + " required value missing, a nil value dereferenced), there are no objects to check and"
            + " any session persistence in the chart goes unseen. spl reports Helm's message at the"
            + " template line it names and lints the rest of the input.",
    fix =
        "Pass the values the chart is deployed with (`--helm-values`, `--helm-set`), or fix the"
            + " template at the line shown; `helm template CHART` shows the same error.",
    reference = "Helm: helm template",
    noPolicyBecause = "about a chart, before it is objects",
    lintOnly = true)
public final class ChartNotRendered implements Rule {}
