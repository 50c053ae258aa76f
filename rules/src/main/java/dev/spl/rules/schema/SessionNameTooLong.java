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

/** SPL025: sessionName over 128 characters (v1.1-v1.6). */
@RuleDefinition(
    id = "SPL025",
    name = "session-name-too-long",
    severity = Severity.ERROR,
    summary = "sessionName is over 128 characters (v1.1-v1.6).",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class SessionNameTooLong implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("sessionName is {length} characters, over the 128 limit; shorten it");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.MAX_LENGTH && v.field().equals("sessionName")) {
        String name = (String) ((ScalarNode) v.node()).value();
        reporter.report(
            info(),
            site.resource(),
            v.path(),
            MESSAGE.format("length", name.codePointCount(0, name.length())));
      }
    }
  }
}
