package dev.spl.rules.cross;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.AttachmentPoint;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;

/** SPL120: sessionPersistence inline on an HTTPRoute or GRPCRoute rule, deprecated in main. */
@RuleDefinition(
    id = "SPL120",
    name = "deprecated-route-inline",
    severity = Severity.WARNING,
    summary = "sessionPersistence inline on an HTTPRoute or GRPCRoute rule (deprecated in main).",
    why =
        "GEP-1619 on main attaches persistence to the Backend resource, which describes the"
            + " endpoints being pinned, and deprecates the route-rule field; implementations may"
            + " drop support for it.",
    fix =
        "Move the settings to a Backend of type EndpointSelector"
            + " (spec.endpointSelector.sessionPersistence) and reference the Backend from the rule;"
            + " or lint with the --gateway-api-version your cluster runs.",
    reference = "GEP-1619 (main branch): API, Backend attachment")
public final class DeprecatedRouteInline implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sessionPersistence on a route rule is deprecated; move it to a Backend's"
              + " spec.endpointSelector");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    if (site.version() == GatewayApiVersion.MAIN
        && site.attachment() == AttachmentPoint.ROUTE_RULE) {
      reporter.report(info(), site.resource(), site.path(), MESSAGE.format());
    }
  }
}
