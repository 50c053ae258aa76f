package dev.spl.apiserver.policies;

import dev.spl.model.AttachmentPoint;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.cross.DeprecatedPolicyAttachment;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;
import java.util.Set;

/**
 * SPL121 at the API server: any sessionPersistence on a policy, in the gep-1619-backend proposal.
 */
final class DeprecatedPolicyAttachmentPolicy implements ApiServerPolicy {
  @Override
  public Class<DeprecatedPolicyAttachment> rule() {
    return DeprecatedPolicyAttachment.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    if (!version.deprecatesRouteAndPolicyAttachment()) {
      return Optional.empty();
    }
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.POLICY),
            "false",
            Cel.message(DeprecatedPolicyAttachment.MESSAGE, "kind", "object.kind"),
            ""));
  }
}
