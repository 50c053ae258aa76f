package dev.spl.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownFormatterTest {
  static final ResourceRef ROUTE =
      new ResourceRef("gateway.networking.k8s.io/v1", "HTTPRoute", "shop", "cart");

  static String format(List<Finding> findings) {
    StringWriter out = new StringWriter();
    new MarkdownFormatter()
        .write(new LintResult(findings, 3, 4, 5, List.of()), new PrintWriter(out));
    return out.toString().replace(System.lineSeparator(), "\n");
  }

  static Finding finding(String rule, Severity severity, String message, int line) {
    return new Finding(
        rule,
        "name-of-" + rule,
        severity,
        message,
        new SourcePosition("m/r.yaml", line, 7),
        ROUTE,
        "spec.rules[0]",
        List.of());
  }

  @Test
  void totalsPerRuleCountsAndATableOfFindings() {
    String md =
        format(
            List.of(
                finding("SPL021", Severity.ERROR, "bad | pipe <b>html</b>\nnext", 3),
                finding("SPL021", Severity.ERROR, "again", 9),
                finding("SPL103", Severity.WARNING, "shared name", 4)));
    assertTrue(
        md.startsWith("### spl lint\n\n2 errors, 1 warning, 0 info in 3 files (5 resources)\n"),
        md);
    assertTrue(md.contains("| SPL021 name-of-SPL021 | 2 | 0 | 0 |\n"), md);
    assertTrue(md.contains("| SPL103 name-of-SPL103 | 0 | 1 | 0 |\n"), md);
    assertTrue(
        md.contains(
            "| `m/r.yaml:3:7` | error | SPL021 | spec.rules[0]: bad \\| pipe &lt;b&gt;html&lt;/b&gt; next |\n"),
        md);
    // every table row has the header's four cells (split: "", four cells, "")
    md.lines()
        .filter(l -> l.startsWith("| `"))
        .forEach(l -> assertEquals(6, l.split("(?<!\\\\)\\|", -1).length, l));
  }

  @Test
  void aLongListSaysHowManyItLeftOut() {
    List<Finding> many = new ArrayList<>();
    for (int i = 1; i <= 120; i++) {
      many.add(finding("SPL021", Severity.ERROR, "m" + i, i));
    }
    String md = format(many);
    assertTrue(md.contains("First 50 of 120 findings"), md);
    assertEquals(50, md.lines().filter(l -> l.startsWith("| `")).count());
  }

  @Test
  void noFindingsIsOneLine() {
    assertEquals(
        "### spl lint\n\n0 errors, 0 warnings, 0 info in 3 files (5 resources)\n",
        format(List.of()));
  }
}
