package dev.spl.apiserver.policies;

import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.envoygateway.EnvoyGatewayCookieHashPassive;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL401 at the API server: a BackendTrafficPolicy's Cookie hash without a ttl. */
final class EnvoyGatewayCookieHashPassivePolicy implements ApiServerPolicy {
  @Override
  public Class<EnvoyGatewayCookieHashPassive> rule() {
    return EnvoyGatewayCookieHashPassive.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                new PolicyCheck.Kind(
                    "gateway.envoyproxy.io",
                    "*",
                    Kinds.BACKEND_TRAFFIC_POLICY,
                    "backendtrafficpolicies")),
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.loadBalancer)
                  && has(${hash}) && has(${hash}.type) && ${hash}.type == 'Cookie'
                  && has(${hash}.cookie) && !has(${hash}.cookie.ttl))
                """,
                "hash",
                "object.spec.loadBalancer.consistentHash"),
            Cel.message(
                EnvoyGatewayCookieHashPassive.MESSAGE,
                "name",
                CelText.quotedName("object.spec.loadBalancer.consistentHash.cookie")),
            EnvoyGatewayCookieHashPassive.HASH.key("cookie").toString()));
  }
}
