package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.kgateway.KgatewayCookieHashPassive;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL451 at the API server: a BackendConfigPolicy's cookie hash policy without a ttl. */
final class KgatewayCookieHashPassivePolicy implements ApiServerPolicy {
  /** A hash policy Envoy sets no cookie for, as a CEL predicate on {@code p}. */
  private static final String PASSIVE = "has(p.cookie) && !has(p.cookie.ttl)";

  @Override
  public Class<KgatewayCookieHashPassive> rule() {
    return KgatewayCookieHashPassive.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String lb = "object.spec.loadBalancer";
    // the schema has exactly one balancer: ringHash's list when it has a passive entry, else
    // maglev's
    String ringHashPassive =
        Cel.of(
            "has(${lb}.ringHash) && has(${lb}.ringHash.hashPolicies)"
                + " && ${lb}.ringHash.hashPolicies.exists(p, ${passive})",
            "lb",
            lb,
            "passive",
            PASSIVE);
    String maglevPassive =
        Cel.of(
            "has(${lb}.maglev) && has(${lb}.maglev.hashPolicies)"
                + " && ${lb}.maglev.hashPolicies.exists(p, ${passive})",
            "lb",
            lb,
            "passive",
            PASSIVE);
    String firstPassive =
        Cel.of(
            "(${ring} ? ${lb}.ringHash.hashPolicies : ${lb}.maglev.hashPolicies)"
                + ".filter(p, ${passive})[0].cookie",
            "ring",
            "(" + ringHashPassive + ")",
            "lb",
            lb,
            "passive",
            PASSIVE);
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                PolicyCheck.Kind.anyVersionOf(
                    KindCatalogue.find("gateway.kgateway.dev", "BackendConfigPolicy"))),
            Cel.of(
                "!(has(object.spec) && has(${lb}) && ((${ring}) || (${maglev})))",
                "lb",
                lb,
                "ring",
                ringHashPassive,
                "maglev",
                maglevPassive),
            Cel.message(
                KgatewayCookieHashPassive.MESSAGE, "name", CelText.quotedName(firstPassive)),
            KgatewayCookieHashPassive.LOAD_BALANCER.toString()));
  }
}
