package dev.spl.config;

import dev.spl.model.Severity;
import dev.spl.model.Suggestions;
import java.util.List;
import java.util.Locale;

/**
 * The least severity that fails: a lint's exit status ({@code --fail-on}, {@code failOn} in
 * .spl.yaml) and a webhook's denial. Read in one place, for the CLI, the config and the webhook.
 */
public enum FailOn {
  ERROR(Severity.ERROR),
  WARNING(Severity.WARNING),
  INFO(Severity.INFO),
  NEVER(null);

  /** The values as written, in order. */
  public static final List<String> LABELS = List.of("error", "warning", "info", "never");

  private final Severity threshold;

  FailOn(Severity threshold) {
    this.threshold = threshold;
  }

  /**
   * {@code text} as written: error, warning (or warn), info or never.
   *
   * @throws IllegalArgumentException naming the values, for anything else
   */
  public static FailOn parse(String text) {
    if ("warn".equals(text)) {
      return WARNING;
    }
    for (FailOn f : values()) {
      if (f.label().equals(text)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "'"
            + text
            + "' is not a level"
            + Suggestions.didYouMean(String.valueOf(text), LABELS)
            + "; expected error, warning, info or never");
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The least severity that fails; null for {@link #NEVER}. */
  public Severity threshold() {
    return threshold;
  }

  /** True when a finding of {@code severity} fails. */
  public boolean isReachedBy(Severity severity) {
    return threshold != null && severity.isAtLeast(threshold);
  }
}
