package dev.spl.apiserver.policies;

import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.istio.IstioCookieHashPassive;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/**
 * SPL301 at the API server. One scan decides (the subsets are unbounded: a 1.5 MiB DestinationRule
 * has some 65,000); the first passive cookie, in spl lint's order, is looked up only for the
 * message, through variables the API server evaluates only when a message needs them.
 */
final class IstioCookieHashPassivePolicy implements ApiServerPolicy {
  /** The load balancer {@code lb} hashes on a cookie without a ttl. */
  private static String passive(String lb) {
    return Cel.of(
        """
        (has(${lb}.consistentHash) && has(${lb}.consistentHash.httpCookie)
          && !has(${lb}.consistentHash.httpCookie.ttl))
        """,
        "lb",
        lb);
  }

  /** The traffic policy {@code tp} has a passive cookie, on its own or a port's balancer. */
  private static String policyFails(String tp) {
    return Cel.of(
        """
        ((has(${tp}.loadBalancer) && ${passive})
          || (has(${tp}.portLevelSettings)
              && ${tp}.portLevelSettings.exists(p, has(p.loadBalancer) && ${portPassive})))
        """,
        "tp",
        tp,
        "passive",
        passive(tp + ".loadBalancer"),
        "portPassive",
        passive("p.loadBalancer"));
  }

  /** {at, cookie} of the first passive cookie of {@code f}, a failing traffic policy. */
  private static String firstPassive(String f) {
    return Cel.of(
        """
        has(${f}.policy.loadBalancer) && ${passive}
          ? {'at': ${f}.at + '.loadBalancer',
             'cookie': ${f}.policy.loadBalancer.consistentHash.httpCookie}
          : {'at': ${f}.at + '.portLevelSettings[].loadBalancer',
             'cookie': ${f}.policy.portLevelSettings
                 .filter(p, has(p.loadBalancer) && ${portPassive})[0]
                 .loadBalancer.consistentHash.httpCookie}
        """,
        "f",
        f,
        "passive",
        passive(f + ".policy.loadBalancer"),
        "portPassive",
        passive("p.loadBalancer"));
  }

  @Override
  public Class<IstioCookieHashPassive> rule() {
    return IstioCookieHashPassive.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String[] slots = {
      "topFails", policyFails("object.spec.trafficPolicy"),
      "subsetFails", policyFails("s.trafficPolicy"),
      "subsets", "(has(object.spec) && has(object.spec.subsets) ? object.spec.subsets : [])"
    };
    List<PolicyCheck.Variable> variables =
        List.of(
            new PolicyCheck.Variable(
                "failing",
                Cel.of(
                    """
                    (has(object.spec) && has(object.spec.trafficPolicy) && ${topFails}
                      ? [{'at': 'spec.trafficPolicy', 'policy': object.spec.trafficPolicy}]
                      : [])
                    + ${subsets}.filter(s, has(s.trafficPolicy) && ${subsetFails})
                        .map(s, {'at': 'spec.subsets[].trafficPolicy', 'policy': s.trafficPolicy})
                    """,
                    slots)),
            new PolicyCheck.Variable(
                "found",
                "size(variables.failing) == 0 ? {'at': '', 'cookie': {}} : "
                    + firstPassive("variables.failing[0]")));
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                new PolicyCheck.Kind(
                    "networking.istio.io", "*", Kinds.DESTINATION_RULE, "destinationrules")),
            variables,
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.trafficPolicy) && ${topFails})
                && !${subsets}.exists(s, has(s.trafficPolicy) && ${subsetFails})
                """,
                slots),
            Cel.message(
                IstioCookieHashPassive.MESSAGE,
                "name",
                CelText.quotedName("variables.found.cookie")),
            "variables.found.at + '.consistentHash.httpCookie'"));
  }
}
