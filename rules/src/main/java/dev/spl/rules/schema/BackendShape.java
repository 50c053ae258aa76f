package dev.spl.rules.schema;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;

/**
 * SPL029: a Backend whose type and its union field disagree. Under the gep-1619-backend proposal
 * the union is EndpointSelector/endpointSelector; in v1.6 and main the XBackend CRD has one type,
 * ExternalHostname, and a CEL rule tying externalHostname to it (xbackends.yaml in both), so an
 * XBackend written for the proposal is refused there, not just stripped of its persistence.
 */
@RuleDefinition(
    id = "SPL029",
    name = "backend-shape",
    severity = Severity.ERROR,
    summary =
        "A Backend's type and the field for it disagree, or persistence sits on a Backend type that"
            + " cannot carry it.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class BackendShape implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.BACKEND, "type", "endpointSelector", "externalHostname");
  }

  private static final String ENDPOINT_SELECTOR = "EndpointSelector";
  private static final String EXTERNAL_HOSTNAME = "ExternalHostname";
  public static final MessageTemplate MISSING_SELECTOR =
      MessageTemplate.of("type is EndpointSelector but spec.endpointSelector is missing; add it");
  public static final MessageTemplate SELECTOR_WITHOUT_TYPE =
      MessageTemplate.of("endpointSelector is set but type is {type}; set type: EndpointSelector");
  public static final MessageTemplate PERSISTENCE_WITHOUT_EFFECT =
      MessageTemplate.of(
          "endpointSelector is set but type is {type}: its sessionPersistence has no effect; set"
              + " type: EndpointSelector");

  public static final MessageTemplate TYPE_NOT_SERVED =
      MessageTemplate.of(
          "{version}'s XBackend has only type ExternalHostname; the API server refuses {type}"
              + "{proposal}");
  public static final MessageTemplate HOSTNAME_MISSING =
      MessageTemplate.of(
          "type is ExternalHostname but spec.externalHostname is missing: the API server refuses it");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode spec = resource.spec();
    if (resource.role() != KindRole.BACKEND || spec == null) {
      return;
    }
    if (context.version().hasBackendAttachment()) {
      checkProposal(resource, spec, reporter);
    } else if (context.version().servesExternalHostnameXBackend()
        && Kinds.X_BACKEND.equals(resource.kind())) {
      checkExternalHostnameOnly(resource, spec, context.version(), reporter);
    }
  }

  private void checkExternalHostnameOnly(
      Resource resource, MapNode spec, GatewayApiVersion version, Reporter reporter) {
    String type = spec.string("type");
    if (type == null) {
      return; // a required field: the schema's own message, not a session persistence problem
    }
    if (!EXTERNAL_HOSTNAME.equals(type)) {
      boolean proposal = ENDPOINT_SELECTOR.equals(type) || spec.has("endpointSelector");
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "type"),
          TYPE_NOT_SERVED.format(
              "version",
              version,
              "type",
              type,
              "proposal",
              proposal ? " (a gep-1619-backend type)" : ""));
    } else if (!spec.has("externalHostname")) {
      reporter.report(info(), resource, FieldPath.of("spec", "type"), HOSTNAME_MISSING.format());
    }
  }

  private void checkProposal(Resource resource, MapNode spec, Reporter reporter) {
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
