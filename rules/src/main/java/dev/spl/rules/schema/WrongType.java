package dev.spl.rules.schema;

import dev.spl.model.Fix;
import dev.spl.model.MessageTemplate;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSchema;
import dev.spl.schema.SessionPersistenceSite;

/** SPL027: a sessionPersistence field of the wrong JSON type. */
@RuleDefinition(
    id = "SPL027",
    name = "wrong-type",
    severity = Severity.ERROR,
    summary = "A sessionPersistence field has the wrong JSON type.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA,
    fixable = true)
public final class WrongType implements SessionPersistenceRule {

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("{field} must be {expected}, not {actual}");

  public static final MessageTemplate QUOTE_IT =
      MessageTemplate.of("{field} must be {expected}, not {actual}; quote it: \"{value}\"");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.WRONG_TYPE) {
        String field = v.field().isEmpty() ? "sessionPersistence" : v.field();
        String expected = article(v.detail());
        String message =
            v.detail().equals("string") && v.node() instanceof ScalarNode s
                ? QUOTE_IT.format(
                    "field",
                    field,
                    "expected",
                    expected,
                    "actual",
                    v.node().typeName(),
                    "value",
                    String.valueOf(s.value()))
                : MESSAGE.format(
                    "field", field, "expected", expected, "actual", v.node().typeName());
        reporter.report(info(), site.resource(), v.path(), message, quoting(v, site));
      }
    }
  }

  /**
   * The fix that quotes a number or boolean where a string is wanted, when the string passes the
   * field's own schema (a sessionName 42 becomes "42"; an absoluteTimeout 3600 is no duration
   * quoted, so it gets none); TextEdits makes it only where the value is written as it reads.
   */
  private static Fix quoting(SchemaViolation v, SessionPersistenceSite site) {
    if (!v.detail().equals("string")
        || !(v.node() instanceof ScalarNode s)
        || !(s.value() instanceof Number || s.value() instanceof Boolean)
        || !SessionPersistenceSchema.accepts(
            v.field(), String.valueOf(s.value()), site.version())) {
      return null;
    }
    String text = String.valueOf(s.value());
    return Fix.quoted("quote " + text, s, text);
  }

  private static String article(String type) {
    return (type.startsWith("o") ? "an " : "a ") + type;
  }
}
