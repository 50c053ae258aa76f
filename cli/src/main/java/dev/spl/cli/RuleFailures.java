package dev.spl.cli;

import dev.spl.Engine;
import java.io.PrintWriter;
import java.util.List;

/**
 * Rules that threw during a lint, said after its report: the report holds every other rule's
 * findings, so a bug in one rule costs the user that rule's findings on one object, not the run.
 */
final class RuleFailures {
  private RuleFailures() {}

  /** Prints {@code failures} to {@code err}; returns whether there were any. */
  static boolean print(List<Engine.RuleFailure> failures, PrintWriter err) {
    for (Engine.RuleFailure f : failures) {
      err.println(
          "spl: internal error: rule "
              + f.ruleId()
              + " "
              + f.ruleName()
              + " failed on "
              + f.where()
              + ": "
              + f.error()
              + "; its findings there are missing, everything else was checked");
      if (System.getenv("SPL_DEBUG") != null) {
        f.error().printStackTrace(err);
      }
    }
    if (!failures.isEmpty()) {
      err.println(
          "Set SPL_DEBUG=1 for "
              + (failures.size() == 1 ? "a stack trace" : "stack traces")
              + ", and please report it.");
    }
    return !failures.isEmpty();
  }
}
