package dev.spl.rules.schema;

import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL027: a sessionPersistence field of the wrong JSON type. */
@RuleDefinition(
    id = "SPL027",
    name = "wrong-type",
    severity = Severity.ERROR,
    summary = "A sessionPersistence field has the wrong JSON type.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class WrongType implements SessionPersistenceRule {

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.WRONG_TYPE) {
        String field = v.field().isEmpty() ? "sessionPersistence" : v.field();
        String hint =
            v.detail().equals("string") && v.node() instanceof ScalarNode s
                ? "; quote it: \"" + s.value() + "\""
                : "";
        reporter.report(
            info(),
            site.resource(),
            v.path(),
            field + " must be " + article(v.detail()) + ", not " + v.node().typeName() + hint);
      }
    }
  }

  private static String article(String type) {
    return (type.startsWith("o") ? "an " : "a ") + type;
  }
}
