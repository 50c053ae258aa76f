package dev.spl.rules.schema;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Fix;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/** SPL020: type, lifetimeType or a Service's sessionAffinity outside its enum. */
@RuleDefinition(
    id = "SPL020",
    name = "invalid-enum",
    severity = Severity.ERROR,
    summary = "type, lifetimeType or a Service's sessionAffinity is outside its enum.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA,
    fixable = true)
public final class InvalidEnum implements SessionPersistenceRule, ResourceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("{field} {value} is not supported; use {allowed}");

  public static final MessageTemplate CASE_SLIP =
      MessageTemplate.of(
          "{field} {value} is not supported; use {allowed} (values are case-sensitive)");

  @Override
  public Inputs inputs() {
    return Inputs.union(List.of(PERSISTENCE_SITES, Inputs.of(KindRole.SERVICE, "sessionAffinity")));
  }

  private static final List<String> AFFINITIES = List.of("None", "ClientIP");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.ENUM) {
        ScalarNode node = (ScalarNode) v.node();
        List<String> allowed = List.of(v.detail().split(", "));
        reporter.report(
            info(),
            site.resource(),
            v.path(),
            message(v.field(), node.quoted(), allowed),
            Fix.caseSlip(node, allowed));
      }
    }
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() != KindRole.SERVICE || resource.spec() == null) {
      return;
    }
    Node affinity = resource.spec().get("sessionAffinity");
    if (affinity instanceof ScalarNode s
        && s.value() != null
        && !AFFINITIES.contains(String.valueOf(s.value()))) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "sessionAffinity"),
          message("sessionAffinity", s.quoted(), AFFINITIES),
          Fix.caseSlip(s, AFFINITIES));
    }
  }

  private static String message(String field, String value, List<String> allowed) {
    boolean caseSlip = false;
    for (String a : allowed) {
      caseSlip |= a.equalsIgnoreCase(value.replace("\"", ""));
    }
    return (caseSlip ? CASE_SLIP : MESSAGE)
        .format("field", field, "value", value, "allowed", String.join(" or ", allowed));
  }
}
