package dev.spl.cli;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.rules.RuleExamples;
import dev.spl.rules.RuleInfo;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code spl explain RULE}: what, why, how to fix, and the rule's examples. */
@Command(
    name = "explain",
    description = "Explains a rule: what it finds, why it matters, how to fix it, with examples.")
public final class ExplainCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      paramLabel = "RULE",
      description = "A rule id (SPL010) or name (permanent-needs-absolute-timeout).")
  String rule;

  @Override
  public void run() {
    RuleInfo info =
        BuiltInRules.find(rule)
            .orElseThrow(
                () ->
                    new CommandLine.ParameterException(
                        spec.commandLine(),
                        "unknown rule '" + rule + "'" + closest(rule) + "; `spl rules` lists them"))
            .info();
    PrintWriter out = spec.commandLine().getOut();
    out.println(info.id() + " " + info.name() + " (" + info.severity().label() + ")");
    out.println();
    out.println(info.summary());
    out.println();
    out.println("Why: " + info.why());
    out.println();
    out.println("Fix: " + info.fix() + (info.fixable() ? " (`spl lint --fix` makes it.)" : ""));
    out.println();
    out.println("Reference: " + info.reference());
    RuleExamples.bad(info)
        .ifPresent(
            text ->
                printExample(
                    out,
                    "Bad (examples/"
                        + RuleExamples.folder(info)
                        + "/"
                        + RuleExamples.badFile(info)
                        + ")",
                    text));
    RuleExamples.config(info)
        .ifPresent(
            text ->
                printExample(
                    out,
                    "Both linted with (examples/" + RuleExamples.folder(info) + "/.spl.yaml)",
                    text));
    RuleExamples.good(info)
        .ifPresent(
            text ->
                printExample(
                    out,
                    "Good (examples/"
                        + RuleExamples.folder(info)
                        + "/"
                        + RuleExamples.goodFile(info)
                        + ")",
                    text));
    out.flush();
  }

  /**
   * The rules {@code typed} may have meant: those whose id or name starts with it (an id cut short,
   * SPL15), else the closest id or name within two edits; empty when none is near.
   */
  static String closest(String typed) {
    String t = typed.toLowerCase(java.util.Locale.ROOT);
    java.util.List<String> known = new java.util.ArrayList<>();
    java.util.List<String> starting = new java.util.ArrayList<>();
    for (var r : BuiltInRules.all()) {
      known.add(r.info().id());
      known.add(r.info().name());
      if (!t.isEmpty()
          && (r.info().id().toLowerCase(java.util.Locale.ROOT).startsWith(t)
              || r.info().name().startsWith(t))) {
        starting.add(r.info().id() + " " + r.info().name());
      }
    }
    if (!starting.isEmpty() && starting.size() <= 12) {
      return "; did you mean " + String.join(", ", starting) + "?";
    }
    return dev.spl.model.Suggestions.didYouMean(typed, known);
  }

  private static void printExample(PrintWriter out, String title, String text) {
    out.println();
    out.println(title + ":");
    out.println();
    for (String line : text.split("\n", -1)) {
      out.println(line.isEmpty() ? "" : "    " + line);
    }
  }
}
