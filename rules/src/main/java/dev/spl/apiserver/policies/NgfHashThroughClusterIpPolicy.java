package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.ngf.NgfHashThroughClusterIp;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL251 at the API server: an UpstreamSettingsPolicy hashing over the one ClusterIP server. */
final class NgfHashThroughClusterIpPolicy implements ApiServerPolicy {
  @Override
  public Class<NgfHashThroughClusterIp> rule() {
    return NgfHashThroughClusterIp.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                PolicyCheck.Kind.anyVersionOf(
                    KindCatalogue.find("gateway.nginx.org", Kinds.UPSTREAM_SETTINGS_POLICY))),
            """
            !(has(object.spec) && has(object.spec.useClusterIP) && object.spec.useClusterIP == true
              && has(object.spec.loadBalancingMethod)
              && object.spec.loadBalancingMethod in ['ip_hash', 'hash', 'hash consistent'])
            """,
            Cel.message(
                NgfHashThroughClusterIp.MESSAGE, "method", "object.spec.loadBalancingMethod"),
            "spec.loadBalancingMethod"));
  }
}
