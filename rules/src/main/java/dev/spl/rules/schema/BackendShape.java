package dev.spl.rules.schema;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL029: a Backend whose type and endpointSelector disagree (the gep-1619-backend proposal). */
@RuleDefinition(
    id = "SPL029",
    name = "backend-shape",
    severity = Severity.ERROR,
    summary =
        "A Backend's type and endpointSelector disagree, or persistence sits on a non-EndpointSelector"
            + " Backend.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class BackendShape implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.BACKEND, "type", "endpointSelector");
  }

  private static final String ENDPOINT_SELECTOR = "EndpointSelector";
  public static final MessageTemplate MISSING_SELECTOR =
      MessageTemplate.of("type is EndpointSelector but spec.endpointSelector is missing; add it");
  public static final MessageTemplate SELECTOR_WITHOUT_TYPE =
      MessageTemplate.of("endpointSelector is set but type is {type}; set type: EndpointSelector");
  public static final MessageTemplate PERSISTENCE_WITHOUT_EFFECT =
      MessageTemplate.of(
          "endpointSelector is set but type is {type}: its sessionPersistence has no effect; set"
              + " type: EndpointSelector");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!context.version().hasBackendAttachment() || resource.role() != KindRole.BACKEND) {
      return;
    }
    MapNode spec = resource.spec();
    if (spec == null) {
      return;
    }
    String type = spec.string("type");
    MapNode selector = spec.map("endpointSelector");
    if (ENDPOINT_SELECTOR.equals(type) && selector == null) {
      reporter.report(info(), resource, FieldPath.of("spec", "type"), MISSING_SELECTOR.format());
    } else if (selector != null && !ENDPOINT_SELECTOR.equals(type)) {
      boolean persists = selector.has("sessionPersistence");
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "endpointSelector"),
          (persists ? PERSISTENCE_WITHOUT_EFFECT : SELECTOR_WITHOUT_TYPE)
              .format("type", type == null ? "unset" : type));
    }
  }
}
