package dev.spl.cli.format;

import dev.spl.model.Severity;

/** The values of {@code spl lint --format}. */
public enum OutputFormat {
  text,
  json,
  sarif,
  github,
  junit,
  markdown;

  /**
   * @param color whether text may use ANSI colours
   * @param quiet whether text omits the summary line
   * @param failOn the least severity that fails the run, or null for never (JUnit failures)
   * @param verbose whether text lists the files skipped
   */
  public FindingFormatter formatter(
      boolean color, boolean quiet, Severity failOn, boolean verbose) {
    return switch (this) {
      case text -> new TextFormatter(color, quiet, verbose);
      case json -> new JsonFormatter();
      case sarif -> new SarifFormatter();
      case github -> new GithubFormatter();
      case junit -> new JunitFormatter(failOn);
      case markdown -> new MarkdownFormatter();
    };
  }

  /** Machine formats must never be mixed with progress output. */
  public boolean isForPeople() {
    return this == text;
  }
}
