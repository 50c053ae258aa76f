package dev.spl.rules.schema;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL022: cookie.name empty, over 256 characters, or not an RFC 6265 token. */
@RuleDefinition(
    id = "SPL022",
    name = "invalid-cookie-name",
    severity = Severity.ERROR,
    summary = "cookie.name is empty, over 256 characters, or not an RFC 6265 token.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class InvalidCookieName implements SessionPersistenceRule {

  // the name rules share the CRD's token pattern and lengths, and so their messages
  public static final MessageTemplate REQUIRED = TokenNames.REQUIRED;
  public static final MessageTemplate EMPTY = TokenNames.EMPTY;
  public static final MessageTemplate TOO_LONG = TokenNames.TOO_LONG;
  public static final MessageTemplate BAD_CHARACTER = TokenNames.BAD_CHARACTER;

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.field().equals("cookie.name")) {
        String message = TokenNames.message(v, "cookie");
        if (message != null) {
          reporter.report(info(), site.resource(), v.path(), message);
        }
      }
    }
  }
}
