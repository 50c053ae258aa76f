package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.model.MessageTemplate;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.kgateway.KgatewayCookieHashPassive;
import java.util.List;

/** The kgateway BackendConfigPolicy hash-cookie checks in CEL, shared by their policies. */
final class KgatewayCel {
  private static final String LB = "object.spec.loadBalancer";

  private KgatewayCel() {}

  /**
   * A policy refusing a BackendConfigPolicy with a hash policy {@code p} for which {@code wrong}
   * holds, its message naming the first such cookie as {name}. The schema has exactly one balancer:
   * ringHash's list is named when it has a wrong entry, else maglev's.
   */
  static PolicyCheck onHashPolicies(String wrong, MessageTemplate message) {
    String ringHash = exists("ringHash", wrong);
    String maglev = exists("maglev", wrong);
    String first =
        Cel.of(
            "(${ring} ? ${lb}.ringHash.hashPolicies : ${lb}.maglev.hashPolicies)"
                + ".filter(p, ${wrong})[0].cookie",
            "ring",
            "(" + ringHash + ")",
            "lb",
            LB,
            "wrong",
            wrong);
    return PolicyCheck.onObjects(
        List.of(
            PolicyCheck.Kind.anyVersionOf(
                KindCatalogue.find("gateway.kgateway.dev", Kinds.BACKEND_CONFIG_POLICY))),
        Cel.of(
            "!(has(object.spec) && has(${lb}) && ((${ring}) || (${maglev})))",
            "lb",
            LB,
            "ring",
            ringHash,
            "maglev",
            maglev),
        Cel.message(message, "name", CelText.quotedName(first)),
        KgatewayCookieHashPassive.LOAD_BALANCER.toString());
  }

  private static String exists(String balancer, String wrong) {
    return Cel.of(
        "has(${lb}.${b}) && has(${lb}.${b}.hashPolicies) && ${lb}.${b}.hashPolicies.exists(p, ${wrong})",
        "lb",
        LB,
        "b",
        balancer,
        "wrong",
        wrong);
  }
}
