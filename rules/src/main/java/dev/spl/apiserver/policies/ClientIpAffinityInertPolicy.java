package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.service.ClientIpAffinityInert;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL151 at the API server: ClientIP affinity on an ExternalName or headless Service. */
final class ClientIpAffinityInertPolicy implements ApiServerPolicy {
  private static final String EXTERNAL_NAME =
      "has(object.spec.type) && object.spec.type == 'ExternalName'";

  @Override
  public Class<ClientIpAffinityInert> rule() {
    return ClientIpAffinityInert.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(CelText.SERVICES),
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.sessionAffinity)
                  && object.spec.sessionAffinity == 'ClientIP'
                  && (${externalName}
                      || (has(object.spec.clusterIP) && object.spec.clusterIP == 'None')))
                """,
                "externalName",
                EXTERNAL_NAME),
            Cel.message(
                ClientIpAffinityInert.MESSAGE,
                "service",
                Cel.of(
                    "${externalName} ? 'an ExternalName' : 'a headless'",
                    "externalName",
                    EXTERNAL_NAME)),
            "spec.sessionAffinity"));
  }
}
