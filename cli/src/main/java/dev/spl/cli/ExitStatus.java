package dev.spl.cli;

/** The exit statuses of docs/contracts.md, decided in one place. */
public enum ExitStatus {
  /** Nothing at or above --fail-on. */
  OK(0),
  /** Findings at or above --fail-on. */
  FINDINGS(1),
  /** Bad flags or configuration. */
  USAGE(2),
  /** An input path that cannot be read or holds no manifest. */
  INPUT(3),
  /** A bug in spl. */
  INTERNAL(4);

  private final int code;

  ExitStatus(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /**
   * The status of a lint: unreadable input outranks findings, since a partial lint may have missed
   * some.
   */
  public static ExitStatus ofLint(boolean inputErrors, boolean findingsAtThreshold) {
    if (inputErrors) {
      return INPUT;
    }
    return findingsAtThreshold ? FINDINGS : OK;
  }

  /** The status of {@code spl lint --diff}: 1 when it shows a fix, as a check that fails. */
  public static ExitStatus ofDiff(boolean inputErrors, boolean wouldFix) {
    if (inputErrors) {
      return INPUT;
    }
    return wouldFix ? FINDINGS : OK;
  }
}
