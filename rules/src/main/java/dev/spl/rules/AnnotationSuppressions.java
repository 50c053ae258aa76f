package dev.spl.rules;

import dev.spl.model.Severity;

/**
 * Which findings an object's own {@code ignore.spl.dev/<rule>} annotation may silence. Authors
 * decide for themselves in CI; at admission the cluster's admin decides for them.
 */
public enum AnnotationSuppressions {
  /** Any finding (the CLI's default). */
  ALL,
  /** Warnings and infos only: an error still counts (the webhook's default). */
  WARNINGS,
  /** None: annotations are read but silence nothing. */
  NONE;

  /** True when an annotation may silence a finding of {@code severity}. */
  public boolean allows(Severity severity) {
    return switch (this) {
      case ALL -> true;
      case WARNINGS -> severity != Severity.ERROR;
      case NONE -> false;
    };
  }
}
