package dev.spl.rules.schema;

import dev.spl.model.MessageTemplate;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL024: cookie.path over 1024 characters. */
@RuleDefinition(
    id = "SPL024",
    name = "cookie-path-too-long",
    severity = Severity.ERROR,
    summary = "cookie.path is over 1024 characters.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class CookiePathTooLong implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie.path is {length} characters, over the 1024 limit; use a shorter prefix");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.MAX_LENGTH && v.field().equals("cookie.path")) {
        String path = (String) ((ScalarNode) v.node()).value();
        reporter.report(
            info(),
            site.resource(),
            v.path(),
            MESSAGE.format("length", path.codePointCount(0, path.length())));
      }
    }
  }
}
