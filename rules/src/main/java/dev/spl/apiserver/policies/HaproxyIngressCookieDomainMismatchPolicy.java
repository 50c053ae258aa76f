package dev.spl.apiserver.policies;

import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.haproxy.HaproxyIngressAffinityUnknown;
import dev.spl.rules.haproxy.HaproxyIngressCookieDomainMismatch;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL952 at the API server: the cookie domain against each host of the Ingress. */
final class HaproxyIngressCookieDomainMismatchPolicy implements ApiServerPolicy {
  @Override
  public Class<HaproxyIngressCookieDomainMismatch> rule() {
    return HaproxyIngressCookieDomainMismatch.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String a = "object.metadata.annotations";
    String key = Cel.quote(HaproxyIngressCookieDomainMismatch.DOMAIN_KEY);
    String domain =
        Cel.of(
            "(${a}[${key}].startsWith('.') ? ${a}[${key}].substring(1) : ${a}[${key}])"
                + ".lowerAscii()",
            "a",
            a,
            "key",
            key);
    String missed =
        Cel.of(
            "has(r.host) && r.host != '' && !(r.host.lowerAscii() == ${d}"
                + " || r.host.lowerAscii().endsWith('.' + ${d}))",
            "d",
            domain);
    String applies =
        Cel.of(
            "has(${a}) && ${affinity} in ${a} && ${a}[${affinity}] == 'cookie' && ${key} in ${a}"
                + " && ${a}[${key}] != '' && has(object.spec) && has(object.spec.rules)",
            "a",
            a,
            "affinity",
            Cel.quote(HaproxyIngressAffinityUnknown.KEY),
            "key",
            key);
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(new PolicyCheck.Kind("networking.k8s.io", "*", Kinds.INGRESS, "ingresses")),
            Cel.of(
                "!(${applies} && object.spec.rules.exists(r, ${missed}))",
                "applies",
                applies,
                "missed",
                missed),
            Cel.message(
                HaproxyIngressCookieDomainMismatch.MESSAGE,
                "domain",
                Cel.of("${a}[${key}]", "a", a, "key", key),
                "host",
                Cel.of("object.spec.rules.filter(r, ${missed})[0].host", "missed", missed)),
            "metadata.annotations"));
  }
}
