package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.service.ClientIpBehindSnat;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL150 at the API server: the same Service fields and NLB annotation, judged the same. */
final class ClientIpBehindSnatPolicy implements ApiServerPolicy {
  @Override
  public Class<ClientIpBehindSnat> rule() {
    return ClientIpBehindSnat.class;
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
                  && has(object.spec.type)
                  && (object.spec.type == 'NodePort' || object.spec.type == 'LoadBalancer')
                  && !(has(object.metadata.annotations)
                      && '${attributes}' in object.metadata.annotations
                      && object.metadata.annotations['${attributes}'].contains('${sticky}')))
                """,
                "attributes",
                ClientIpBehindSnat.NLB_ATTRIBUTES,
                "sticky",
                ClientIpBehindSnat.NLB_STICKY),
            Cel.message(ClientIpBehindSnat.MESSAGE, "type", "object.spec.type"),
            "spec.sessionAffinity"));
  }
}
