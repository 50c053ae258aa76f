package dev.spl.cli.format;

import dev.spl.InputNotes;
import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import dev.spl.schema.GatewayApiVersion;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code file:line:col: severity SPLnnn message (Kind ns/name, field)} and a summary line. */
public final class TextFormatter implements FindingFormatter {
  private static final String RESET = "\u001b[0m";
  private final boolean color;
  private final boolean quiet;
  private final boolean verbose;

  public TextFormatter(boolean color, boolean quiet, boolean verbose) {
    this.color = color;
    this.quiet = quiet;
    this.verbose = verbose;
  }

  @Override
  public void write(LintResult result, PrintWriter out) {
    for (Finding f : result.findings()) {
      StringBuilder line = new StringBuilder();
      line.append(f.position());
      String renderedBy = result.inputs().renderedFrom().get(f.position().file());
      if (renderedBy != null) {
        line.append(" [").append(renderedBy).append(']');
      }
      line.append(": ")
          .append(paint(f.severity(), f.severity().label()))
          .append(' ')
          .append(f.ruleId())
          .append(result.editsOf(f).isEmpty() ? " " : " [fixable] ")
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
    if (verbose) {
      result.inputs().skipped().forEach(f -> out.println("skipped: " + f));
      result.inputs().notRendered().forEach(c -> out.println("not rendered: " + c));
      for (dev.spl.InputNotes.Build b : result.inputs().builds()) {
        out.println(b.built() ? "built: " + b.unit() : "not built: " + b.notBuiltBecause());
      }
      result.inputs().renderLog().forEach(line -> out.println("log: " + line));
    }
    if (!quiet) {
      out.println(summary(result));
      out.println(versions(result.inputs()));
      for (String controller : result.inputs().controllers()) {
        out.println(controller);
      }
    }
  }

  /**
   * Which Gateway API version was used, and why: one line. Reasons are named when few; many
   * .spl.yaml files are counted (--format json lists each).
   */
  static String versions(InputNotes inputs) {
    Map<GatewayApiVersion, List<InputNotes.VersionChoice>> byVersion = new LinkedHashMap<>();
    for (InputNotes.VersionChoice v : inputs.versions()) {
      byVersion.computeIfAbsent(v.version(), k -> new ArrayList<>()).add(v);
    }
    if (byVersion.isEmpty()) {
      return "Gateway API version: none needed (no files)";
    }
    List<String> parts = new ArrayList<>();
    for (var e : byVersion.entrySet()) {
      int files = e.getValue().stream().mapToInt(InputNotes.VersionChoice::files).sum();
      List<String> reasons = e.getValue().stream().map(InputNotes.VersionChoice::reason).toList();
      String why =
          reasons.size() <= 2
              ? String.join("; ", reasons)
              : "set by " + reasons.size() + " .spl.yaml files";
      parts.add(
          e.getKey()
              + (byVersion.size() > 1 ? " for " + plural(files, "file") : "")
              + " ("
              + why
              + ")");
    }
    return (byVersion.size() == 1 ? "Gateway API " : "Gateway API versions: ")
        + String.join(", ", parts);
  }

  public static String summary(LintResult r) {
    String counts =
        plural(r.count(Severity.ERROR), "error")
            + ", "
            + plural(r.count(Severity.WARNING), "warning")
            + ", "
            + plural(r.count(Severity.INFO), "info");
    if (r.files() == 0 && r.resources() > 0) {
      return counts + " in " + plural(r.resources(), "object"); // a cluster's, read by spl audit
    }
    return counts
        + " in "
        + plural(r.files(), "file")
        + " ("
        + plural(r.documents(), "document")
        + ", "
        + plural(r.resources(), "resource")
        + ")"
        + (r.inputs().skipped().isEmpty()
            ? ""
            : "; skipped "
                + plural(r.inputs().skipped().size(), "file")
                + " that are not objects to lint (--verbose lists them)")
        + charts(r.inputs())
        + builds(r.inputs());
  }

  /**
   * What the summary says of deployments built: per kind, how many were built as their tools build
   * them, and how many not (each an SPL006).
   */
  static String builds(InputNotes inputs) {
    Map<String, int[]> byKind = new java.util.LinkedHashMap<>();
    for (InputNotes.Build b : inputs.builds()) {
      byKind.computeIfAbsent(b.kind(), k -> new int[2])[b.built() ? 0 : 1]++;
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, int[]> e : byKind.entrySet()) {
      int built = e.getValue()[0];
      int not = e.getValue()[1];
      out.append("; ").append(plural(built, e.getKey())).append(" built");
      if (not > 0) {
        out.append(", ").append(not).append(" not built (SPL006)");
      }
    }
    return out.toString();
  }

  /** What the summary says of Helm charts: how many rendered, how often, and how many not. */
  static String charts(InputNotes inputs) {
    InputNotes.Renderings rendered = inputs.rendered();
    int notRendered = inputs.notRendered().size();
    if (rendered.charts() == 0 && notRendered == 0) {
      return "";
    }
    String out =
        "; "
            + plural(rendered.charts(), "Helm chart")
            + " rendered"
            + (rendered.renderings() > rendered.charts()
                ? " (" + rendered.renderings() + " renderings with their ci/ values)"
                : "");
    return notRendered == 0 ? out : out + ", " + notRendered + " not rendered (SPL004)";
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
