package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.gke.GkeClientIpProtoAffinity;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/** SPL702 at the API server: a GCPBackendPolicy affinity only passthrough load balancers take. */
final class GkeClientIpProtoAffinityPolicy implements ApiServerPolicy {
  @Override
  public Class<GkeClientIpProtoAffinity> rule() {
    return GkeClientIpProtoAffinity.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            GkeCel.BACKEND_POLICIES,
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.default) && has(${a}) && has(${a}.type)
                  && ${a}.type in ['CLIENT_IP_PROTO', 'CLIENT_IP_PORT_PROTO'])
                """,
                "a",
                GkeCel.AFFINITY),
            Cel.message(GkeClientIpProtoAffinity.MESSAGE, "type", GkeCel.AFFINITY + ".type"),
            "spec.default.sessionAffinity.type"));
  }
}
