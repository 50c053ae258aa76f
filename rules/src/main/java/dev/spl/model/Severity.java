package dev.spl.model;

import java.util.Locale;

/** How much a finding matters, most severe first. */
public enum Severity {
  ERROR,
  WARNING,
  INFO;

  /** The lower-case word used in output and configuration. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True when this severity is as severe as {@code threshold} or more. */
  public boolean isAtLeast(Severity threshold) {
    return ordinal() <= threshold.ordinal();
  }

  /** Parses {@code error}, {@code warning} or {@code info}; throws for anything else. */
  public static Severity parse(String word) {
    for (Severity s : values()) {
      if (s.label().equals(word)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown severity '" + word + "'; expected error, warning or info");
  }
}
