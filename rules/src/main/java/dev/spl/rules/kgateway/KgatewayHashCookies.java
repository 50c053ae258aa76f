package dev.spl.rules.kgateway;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * The cookies a kgateway BackendConfigPolicy hashes on: each {@code cookie} hash policy of its
 * ringHash or maglev balancer (the only places hashPolicies are kept; the schema prunes others).
 */
final class KgatewayHashCookies {
  /** What {@link #of} reads of a BackendConfigPolicy. */
  static final Inputs INPUTS = Inputs.of(KgatewayCookieHashPassive.KIND, "loadBalancer");

  /** One cookie hash policy and where it is. */
  record Cookie(MapNode fields, FieldPath path) {
    /** The cookie's quoted name with a leading space, or nothing, for messages. */
    String quotedName() {
      return fields.string("name") == null ? "" : " \"" + fields.string("name") + "\"";
    }
  }

  private KgatewayHashCookies() {}

  /** The cookie hash policies of {@code resource}, or none when it is no BackendConfigPolicy. */
  static List<Cookie> of(Resource resource) {
    List<Cookie> out = new ArrayList<>();
    if (!resource.is(KgatewayCookieHashPassive.GROUP, KgatewayCookieHashPassive.KIND)
        || !(resource.nodeAt(KgatewayCookieHashPassive.LOAD_BALANCER)
            instanceof MapNode loadBalancer)) {
      return out;
    }
    for (String balancer : KgatewayCookieHashPassive.HASHING) {
      MapNode hashing = loadBalancer.map(balancer);
      ListNode policies = hashing == null ? null : hashing.list("hashPolicies");
      for (int i = 0; policies != null && i < policies.size(); i++) {
        if (policies.get(i) instanceof MapNode policy && policy.map("cookie") != null) {
          out.add(
              new Cookie(
                  policy.map("cookie"),
                  KgatewayCookieHashPassive.LOAD_BALANCER
                      .key(balancer)
                      .key("hashPolicies")
                      .index(i)
                      .key("cookie")));
        }
      }
    }
    return out;
  }
}
