package dev.spl.apiserver.policies;

import dev.spl.model.AttachmentPoint;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.cross.DeprecatedRouteInline;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;
import java.util.Set;

/**
 * SPL120 at the API server: any sessionPersistence on a route rule, in the gep-1619-backend
 * proposal.
 */
final class DeprecatedRouteInlinePolicy implements ApiServerPolicy {
  @Override
  public Class<DeprecatedRouteInline> rule() {
    return DeprecatedRouteInline.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    if (!version.deprecatesRouteAndPolicyAttachment()) {
      return Optional.empty();
    }
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.ROUTE_RULE),
            "false",
            Cel.message(DeprecatedRouteInline.MESSAGE),
            ""));
  }
}
