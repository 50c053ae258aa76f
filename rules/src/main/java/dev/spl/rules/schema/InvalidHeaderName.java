package dev.spl.rules.schema;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL023: header.name missing, empty, over 256 characters, or not a token. */
@RuleDefinition(
    id = "SPL023",
    name = "invalid-header-name",
    severity = Severity.ERROR,
    summary = "header.name is missing, empty, over 256 characters, or not a token.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class InvalidHeaderName implements SessionPersistenceRule {

  // the name rules share the CRD's token pattern and lengths, and so their messages
  public static final MessageTemplate REQUIRED = TokenNames.REQUIRED;
  public static final MessageTemplate EMPTY = TokenNames.EMPTY;
  public static final MessageTemplate TOO_LONG = TokenNames.TOO_LONG;
  public static final MessageTemplate BAD_CHARACTER = TokenNames.BAD_CHARACTER;

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.field().equals("header.name")) {
        String message = TokenNames.message(v, "header");
        if (message != null) {
          reporter.report(info(), site.resource(), v.path(), message);
        }
      }
    }
  }
}
