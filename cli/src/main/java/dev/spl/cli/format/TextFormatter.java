package dev.spl.cli.format;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import java.io.PrintWriter;

/** {@code file:line:col: severity SPLnnn message (Kind ns/name, field)} and a summary line. */
public final class TextFormatter implements FindingFormatter {
  private static final String RESET = "\u001b[0m";
  private final boolean color;
  private final boolean quiet;

  public TextFormatter(boolean color, boolean quiet) {
    this.color = color;
    this.quiet = quiet;
  }

  @Override
  public void write(LintResult result, PrintWriter out) {
    for (Finding f : result.findings()) {
      StringBuilder line = new StringBuilder();
      line.append(f.position())
          .append(": ")
          .append(paint(f.severity(), f.severity().label()))
          .append(' ')
          .append(f.ruleId())
          .append(' ')
          .append(f.message());
      if (f.resource() != null) {
        line.append(" (").append(f.resource().describe());
        if (!f.field().isEmpty()) {
          line.append(", ").append(f.field());
        }
        line.append(')');
      }
      out.println(line);
      f.related()
          .forEach(
              r -> out.println("    related: " + r.position() + " " + r.resource().describe()));
    }
    if (!quiet) {
      out.println(summary(result));
    }
  }

  static String summary(LintResult r) {
    String counts =
        plural(r.count(Severity.ERROR), "error")
            + ", "
            + plural(r.count(Severity.WARNING), "warning")
            + ", "
            + plural(r.count(Severity.INFO), "info");
    return counts
        + " in "
        + plural(r.files(), "file")
        + " ("
        + plural(r.documents(), "document")
        + ", "
        + plural(r.resources(), "resource")
        + ")";
  }

  private static String plural(long n, String word) {
    return n + " " + word + (n == 1 || word.equals("info") ? "" : "s");
  }

  private String paint(Severity s, String text) {
    if (!color) {
      return text;
    }
    String code =
        switch (s) {
          case ERROR -> "\u001b[31;1m";
          case WARNING -> "\u001b[33;1m";
          case INFO -> "\u001b[36m";
        };
    return code + text + RESET;
  }
}
