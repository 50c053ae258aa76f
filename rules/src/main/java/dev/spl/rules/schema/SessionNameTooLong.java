package dev.spl.rules.schema;

import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL025: sessionName over 128 characters (v1.1-v1.6). */
public final class SessionNameTooLong implements SessionPersistenceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL025",
          "session-name-too-long",
          Severity.ERROR,
          "sessionName is over 128 characters (v1.1-v1.6).",
          "Up to v1.6 the session is named by sessionName, capped at 128 characters by the CRD; the"
              + " API server rejects longer names.",
          "Shorten sessionName to 128 characters or fewer.",
          "GEP-1619 (v1.x) sessionName, maxLength 128");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.MAX_LENGTH && v.field().equals("sessionName")) {
        String name = (String) ((ScalarNode) v.node()).value();
        reporter.report(
            INFO,
            site.resource(),
            v.path(),
            "sessionName is "
                + name.codePointCount(0, name.length())
                + " characters, over the 128 limit; shorten it");
      }
    }
  }
}
