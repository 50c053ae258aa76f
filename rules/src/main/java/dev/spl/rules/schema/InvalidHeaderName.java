package dev.spl.rules.schema;

import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL023: header.name missing, empty, over 256 characters, or not a token. */
public final class InvalidHeaderName implements SessionPersistenceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL023",
          "invalid-header-name",
          Severity.ERROR,
          "header.name is missing, empty, over 256 characters, or not a token.",
          "An HTTP field name is a token (RFC 9110 §5.1); the API server requires header.name and"
              + " enforces the token pattern and 1-256 characters.",
          "Set header.name to a token such as X-Session-Id.",
          "RFC 9110 §5.1; GEP-1619 header.name");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.field().equals("header.name")) {
        String message = TokenNames.message(v, "header");
        if (message != null) {
          reporter.report(INFO, site.resource(), v.path(), message);
        }
      }
    }
  }
}
