package dev.spl.rules.cross;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SessionPersistenceSite;

/**
 * SPL120: sessionPersistence inline on an HTTPRoute or GRPCRoute rule, deprecated by the
 * gep-1619-backend proposal.
 */
@RuleDefinition(
    id = "SPL120",
    name = "deprecated-route-inline",
    severity = Severity.WARNING,
    summary =
        "sessionPersistence inline on an HTTPRoute or GRPCRoute rule (deprecated in the gep-1619-backend proposal).")
public final class DeprecatedRouteInline implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sessionPersistence on a route rule is deprecated in gep-1619-backend; move it to a Backend's"
              + " spec.endpointSelector");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    if (site.version().deprecatesRouteAndPolicyAttachment()
        && site.attachment() == AttachmentPoint.ROUTE_RULE) {
      reporter.report(info(), site.resource(), site.path(), MESSAGE.format());
    }
  }
}
