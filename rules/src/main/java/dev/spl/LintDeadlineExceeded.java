package dev.spl;

/** A lint given a deadline ({@link Engine.LintRun#until}) reached it before it finished. */
public final class LintDeadlineExceeded extends RuntimeException {
  LintDeadlineExceeded() {
    super("the lint did not finish before its deadline", null, false, false);
  }
}
