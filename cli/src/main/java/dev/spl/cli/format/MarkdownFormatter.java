package dev.spl.cli.format;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;

/**
 * A short Markdown report for a CI job's summary page ({@code $GITHUB_STEP_SUMMARY}, GitLab and
 * others render it too): the totals, a count per rule, and the first findings as a table. GitHub
 * shows only ten annotations per step; this page shows where the rest are.
 */
public final class MarkdownFormatter implements FindingFormatter {
  static final int TABLE_ROWS = 50;

  @Override
  public void write(LintResult result, PrintWriter out) {
    out.println("### spl lint");
    out.println();
    out.printf(
        "%d %s, %d %s, %d info in %d %s (%d %s)%n",
        result.count(Severity.ERROR),
        result.count(Severity.ERROR) == 1 ? "error" : "errors",
        result.count(Severity.WARNING),
        result.count(Severity.WARNING) == 1 ? "warning" : "warnings",
        result.count(Severity.INFO),
        result.files(),
        result.files() == 1 ? "file" : "files",
        result.resources(),
        result.resources() == 1 ? "resource" : "resources");
    if (result.findings().isEmpty()) {
      return;
    }
    Map<String, int[]> perRule = new TreeMap<>();
    Map<String, String> names = new TreeMap<>();
    for (Finding f : result.findings()) {
      perRule.computeIfAbsent(f.ruleId(), k -> new int[3])[f.severity().ordinal()]++;
      names.put(f.ruleId(), f.ruleName());
    }
    out.println();
    out.println("| rule | errors | warnings | info |");
    out.println("|---|---:|---:|---:|");
    perRule.forEach(
        (rule, counts) ->
            out.printf(
                "| %s %s | %d | %d | %d |%n",
                rule,
                cell(names.get(rule)),
                counts[Severity.ERROR.ordinal()],
                counts[Severity.WARNING.ordinal()],
                counts[Severity.INFO.ordinal()]));
    out.println();
    int shown = Math.min(TABLE_ROWS, result.findings().size());
    out.println(
        shown == result.findings().size()
            ? "| where | severity | rule | message |"
            : "First "
                + shown
                + " of "
                + result.findings().size()
                + " findings (all of them: run `spl lint`, or read the SARIF report):\n\n"
                + "| where | severity | rule | message |");
    out.println("|---|---|---|---|");
    for (Finding f : result.findings().subList(0, shown)) {
      out.printf(
          "| `%s` | %s | %s | %s |%n",
          f.position().toString().replace("`", "'"),
          f.severity().name().toLowerCase(java.util.Locale.ROOT),
          f.ruleId(),
          cell((f.field().isEmpty() ? "" : f.field() + ": ") + f.message()));
    }
  }

  /** Text for a table cell: no pipe or line break ends it early, and no HTML is rendered. */
  static String cell(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\\|")
        .replace("\r", " ")
        .replace("\n", " ");
  }
}
