package dev.spl.config;

import dev.spl.model.Suggestions;
import java.util.List;

/**
 * What an admission webhook does with findings: {@code enforce} (deny at or above failOn), {@code
 * warn} (never deny; everything as warnings) or {@code audit-only} (allow, say nothing). Set by the
 * admin's .spl.yaml, the webhook's --mode, a namespace's {@code spl.dev/mode} label or the request
 * path; parsed here for all of them.
 */
public enum AdmissionMode {
  ENFORCE("enforce"),
  WARN("warn"),
  AUDIT_ONLY("audit-only");

  public static final List<String> LABELS = List.of("enforce", "warn", "audit-only");

  private final String label;

  AdmissionMode(String label) {
    this.label = label;
  }

  /**
   * {@code text} as written.
   *
   * @throws IllegalArgumentException naming the modes, for anything else
   */
  public static AdmissionMode parse(String text) {
    for (AdmissionMode m : values()) {
      if (m.label.equals(text)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "mode must be enforce, warn or audit-only, not '"
            + text
            + "'"
            + Suggestions.didYouMean(String.valueOf(text), LABELS));
  }

  public String label() {
    return label;
  }
}
