package dev.spl.rules.schema;

import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL022: cookie.name empty, over 256 characters, or not an RFC 6265 token. */
public final class InvalidCookieName implements SessionPersistenceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL022",
          "invalid-cookie-name",
          Severity.ERROR,
          "cookie.name is empty, over 256 characters, or not an RFC 6265 token.",
          "A cookie name is an HTTP token: no spaces, separators such as ()<>@,;:\\\"/[]?={} or"
              + " control characters. The API server enforces the token pattern and 1-256 characters;"
              + " a browser would mangle or drop anything else.",
          "Use letters, digits and !#$%&'*+-.^_`|~ only, e.g. session-id.",
          "RFC 6265 §4.1.1; RFC 9110 §5.6.2 (token); GEP-1619 cookie.name");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.field().equals("cookie.name")) {
        String message = TokenNames.message(v, "cookie");
        if (message != null) {
          reporter.report(INFO, site.resource(), v.path(), message);
        }
      }
    }
  }
}
