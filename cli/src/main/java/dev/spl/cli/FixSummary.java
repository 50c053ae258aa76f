package dev.spl.cli;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * What {@code --fix} made (or {@code --diff} would make), for the line on standard error: findings
 * fixed and in how many files, fixes not made because they would add a finding, and fixes that
 * belong in a Helm chart rather than in its rendering.
 */
record FixSummary(
    Set<Finding> fixedFindings, int files, List<Finding> refused, List<Finding> rendered) {

  static FixSummary of(List<Fixes.FilePlan> plans, List<Finding> rendered) {
    Set<Finding> fixed = Collections.newSetFromMap(new IdentityHashMap<>());
    int files = 0;
    List<Finding> refused = new java.util.ArrayList<>();
    for (Fixes.FilePlan p : plans) {
      fixed.addAll(p.plan().fixed());
      refused.addAll(p.plan().refused());
      files += p.plan().edits().isEmpty() ? 0 : 1;
    }
    return new FixSummary(fixed, files, List.copyOf(refused), rendered);
  }

  /** How many findings the fixes fix. */
  int fixed() {
    return fixedFindings.size();
  }

  /** The findings that remain once the fixes are made: the report lists these. */
  LintResult remaining(LintResult result) {
    return result.withFindings(
        result.findings().stream().filter(f -> !fixedFindings.contains(f)).toList());
  }

  void print(PrintWriter err, boolean onlyShown) {
    String verb = onlyShown ? "would fix " : "fixed ";
    err.println(
        "spl: "
            + verb
            + plural(fixed(), "finding")
            + (fixed() == 0 ? "" : " in " + plural(files, "file"))
            + (onlyShown ? " (--diff: nothing changed)" : ""));
    for (Finding f : refused) {
      err.println(
          "spl: not fixed, the fix would add a finding: "
              + f.position()
              + " "
              + f.ruleId()
              + " ("
              + f.fix().title()
              + ")");
    }
    for (Finding f : rendered) {
      err.println(
          "spl: not fixed, rendered from a Helm chart: "
              + f.position()
              + " "
              + f.ruleId()
              + " ("
              + Fixes.whereToFix(f)
              + ")");
    }
    err.flush();
  }

  private static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
