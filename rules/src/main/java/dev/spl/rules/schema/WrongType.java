package dev.spl.rules.schema;

import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;

/** SPL027: a sessionPersistence field of the wrong JSON type. */
public final class WrongType implements SessionPersistenceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL027",
          "wrong-type",
          Severity.ERROR,
          "A sessionPersistence field has the wrong JSON type.",
          "YAML turns unquoted values into numbers and booleans the way Kubernetes reads them: 10 is"
              + " an integer, on and yes are booleans. The API server rejects a number where the"
              + " schema wants a string, and skips the CEL rules for the object.",
          "Quote the value (\"10s\"), or give an object where the schema wants one.",
          "Gateway API CRD OpenAPI schema");

  @Override
  public RuleInfo info() {
    return INFO;
  }

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
            INFO,
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
