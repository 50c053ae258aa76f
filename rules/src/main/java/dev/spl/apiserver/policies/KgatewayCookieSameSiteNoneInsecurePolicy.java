package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.kgateway.KgatewayCookieHashPassive;
import dev.spl.rules.kgateway.KgatewayCookieSameSiteNoneInsecure;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL452 at the API server: a BackendConfigPolicy hash cookie SameSite=None but not Secure. */
final class KgatewayCookieSameSiteNoneInsecurePolicy implements ApiServerPolicy {
  /** A hash cookie browsers refuse, as a CEL predicate on {@code p}. */
  private static final String REFUSED =
      "has(p.cookie) && has(p.cookie.sameSite) && p.cookie.sameSite == 'None'"
          + " && !(has(p.cookie.secure) && p.cookie.secure)";

  @Override
  public Class<KgatewayCookieSameSiteNoneInsecure> rule() {
    return KgatewayCookieSameSiteNoneInsecure.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String lb = "object.spec.loadBalancer";
    String ringHash =
        Cel.of(
            "has(${lb}.ringHash) && has(${lb}.ringHash.hashPolicies)"
                + " && ${lb}.ringHash.hashPolicies.exists(p, ${refused})",
            "lb",
            lb,
            "refused",
            REFUSED);
    String maglev =
        Cel.of(
            "has(${lb}.maglev) && has(${lb}.maglev.hashPolicies)"
                + " && ${lb}.maglev.hashPolicies.exists(p, ${refused})",
            "lb",
            lb,
            "refused",
            REFUSED);
    String first =
        Cel.of(
            "(${ring} ? ${lb}.ringHash.hashPolicies : ${lb}.maglev.hashPolicies)"
                + ".filter(p, ${refused})[0].cookie",
            "ring",
            "(" + ringHash + ")",
            "lb",
            lb,
            "refused",
            REFUSED);
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
                ringHash,
                "maglev",
                maglev),
            Cel.message(
                KgatewayCookieSameSiteNoneInsecure.MESSAGE, "name", CelText.quotedName(first)),
            KgatewayCookieHashPassive.LOAD_BALANCER.toString()));
  }
}
