package dev.spl.rules.cross;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;

/** SPL120: sessionPersistence inline on an HTTPRoute or GRPCRoute rule, deprecated in main. */
@RuleDefinition(
    id = "SPL120",
    name = "deprecated-route-inline",
    severity = Severity.WARNING,
    summary = "sessionPersistence inline on an HTTPRoute or GRPCRoute rule (deprecated in main).")
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
