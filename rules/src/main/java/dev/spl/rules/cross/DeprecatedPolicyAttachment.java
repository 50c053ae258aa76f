package dev.spl.rules.cross;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;

/** SPL121: sessionPersistence on a BackendLBPolicy or XBackendTrafficPolicy, deprecated in main. */
@RuleDefinition(
    id = "SPL121",
    name = "deprecated-policy-attachment",
    severity = Severity.WARNING,
    summary =
        "sessionPersistence on BackendLBPolicy or XBackendTrafficPolicy (deprecated in main).")
public final class DeprecatedPolicyAttachment implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sessionPersistence on {kind} is deprecated; move it to a Backend's spec.endpointSelector");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    if (site.version() == GatewayApiVersion.MAIN && site.attachment() == AttachmentPoint.POLICY) {
      reporter.report(
          info(), site.resource(), site.path(), MESSAGE.format("kind", site.resource().kind()));
    }
  }
}
