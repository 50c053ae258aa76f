package dev.spl.rules.cross;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SessionPersistenceSite;

/**
 * SPL121: sessionPersistence on a BackendLBPolicy or XBackendTrafficPolicy, deprecated by the
 * gep-1619-backend proposal.
 */
@RuleDefinition(
    id = "SPL121",
    name = "deprecated-policy-attachment",
    severity = Severity.WARNING,
    summary =
        "sessionPersistence on BackendLBPolicy or XBackendTrafficPolicy (deprecated in the gep-1619-backend proposal).")
public final class DeprecatedPolicyAttachment implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sessionPersistence on {kind} is deprecated in gep-1619-backend; move it to a Backend's"
              + " endpointSelector");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    if (site.version().deprecatesRouteAndPolicyAttachment()
        && site.attachment() == AttachmentPoint.POLICY) {
      reporter.report(
          info(), site.resource(), site.path(), MESSAGE.format("kind", site.resource().kind()));
    }
  }
}
