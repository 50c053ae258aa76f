package dev.spl;

/**
 * A lint given a deadline ({@link Engine.LintRun#until}) reached it before it finished; also thrown
 * by a caller that stopped waiting for a lint at its deadline.
 */
public final class LintDeadlineExceeded extends RuntimeException {
  public LintDeadlineExceeded() {
    super("the lint did not finish before its deadline", null, false, false);
  }
}
