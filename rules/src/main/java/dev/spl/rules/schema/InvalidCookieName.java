package dev.spl.rules.schema;

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
