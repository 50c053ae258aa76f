package dev.spl.apiserver.policies;

import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.haproxy.HaproxyIngressAffinityUnknown;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/**
 * SPL951 at the API server: one annotation looked up by its exact key on Ingresses and Services.
 */
final class HaproxyIngressAffinityUnknownPolicy implements ApiServerPolicy {
  @Override
  public Class<HaproxyIngressAffinityUnknown> rule() {
    return HaproxyIngressAffinityUnknown.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                CelText.SERVICES,
                new PolicyCheck.Kind("networking.k8s.io", "*", Kinds.INGRESS, "ingresses")),
            Cel.of(
                "!(has(${a}) && ${key} in ${a} && !(${a}[${key}] in ['', 'cookie']))",
                "a",
                "object.metadata.annotations",
                "key",
                Cel.quote(HaproxyIngressAffinityUnknown.KEY)),
            Cel.message(HaproxyIngressAffinityUnknown.MESSAGE),
            "metadata.annotations"));
  }
}
