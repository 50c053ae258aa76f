package dev.spl.rules.schema;

import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL021: absoluteTimeout or idleTimeout is not a GEP-2257 duration. */
public final class InvalidDuration implements SessionPersistenceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL021",
          "invalid-duration",
          Severity.ERROR,
          "absoluteTimeout or idleTimeout is not a GEP-2257 duration.",
          "Gateway API durations are a strict subset of Go's: one to four parts, each 1-5 digits"
              + " followed by h, m, s or ms, and nothing else. Days, decimals, spaces, signs and"
              + " microseconds are rejected by the API server.",
          "Write the duration as parts such as 24h, 1h30m, 90s or 500ms; for a week use 168h.",
          "GEP-2257; CRD pattern ^([0-9]{1,5}(h|m|s|ms)){1,4}$");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.PATTERN && v.detail().equals("DURATION")) {
        String text = (String) ((ScalarNode) v.node()).value();
        reporter.report(
            INFO,
            site.resource(),
            v.path(),
            v.field() + " \"" + text + "\" is not a GEP-2257 duration; " + hint(text));
      }
    }
  }

  static String hint(String text) {
    if (text.matches("\\d+d")) {
      return "days are not a unit: write "
          + Long.parseLong(text.substring(0, text.length() - 1)) * 24
          + "h";
    }
    if (text.contains(".")) {
      return "decimals are not allowed: write e.g. 1h30m for 1.5h";
    }
    if (text.matches(".*\\d{6,}.*")) {
      return "each part has at most 5 digits: split it, e.g. 27h46m40s for 100000s";
    }
    if (text.contains(" ")) {
      return "remove the spaces, e.g. 1h30m";
    }
    return "use 1-4 parts of digits with h, m, s or ms, e.g. 24h or 1h30m";
  }
}
