package dev.spl.rules.contour;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where a Contour HTTPProxy chooses how requests spread over a Service's endpoints: each route's
 * {@code loadBalancerPolicy}, and the TCP proxy's (projectcontour.io/v1 httpproxy.go).
 */
final class ContourBalancing {
  static final String GROUP = "projectcontour.io";
  static final String KIND = Kinds.HTTP_PROXY;

  /** What {@link #sitesOf} reads of an HTTPProxy. */
  static final Inputs INPUTS =
      Inputs.of(KIND, "routes.loadBalancerPolicy", "tcpproxy.loadBalancerPolicy");

  static final String COOKIE = "Cookie";
  static final String REQUEST_HASH = "RequestHash";

  /**
   * The strategies Contour knows, matched exactly (internal/dag/policy.go, loadBalancerPolicy):
   * anything else is the default, RoundRobin.
   */
  static final Set<String> STRATEGIES =
      Set.of("RoundRobin", "WeightedLeastRequest", "Random", COOKIE, REQUEST_HASH);

  /** One loadBalancerPolicy: where it is, and whether it balances TCP connections. */
  record Site(FieldPath path, MapNode policy, boolean tcp) {
    /** The strategy as written; null when unset or not a string. */
    String strategy() {
      return policy.string("strategy");
    }
  }

  private ContourBalancing() {}

  /** The loadBalancerPolicies of {@code r}: none when it is no HTTPProxy. */
  static List<Site> sitesOf(Resource r) {
    if (!r.is(GROUP, KIND)) {
      return List.of();
    }
    List<Site> sites = new ArrayList<>();
    FieldPath routes = FieldPath.of("spec", "routes");
    if (r.nodeAt(routes) instanceof ListNode list) {
      for (int i = 0; i < list.size(); i++) {
        FieldPath path = routes.index(i).key("loadBalancerPolicy");
        if (r.nodeAt(path) instanceof MapNode policy) {
          sites.add(new Site(path, policy, false));
        }
      }
    }
    FieldPath tcp = FieldPath.of("spec", "tcpproxy", "loadBalancerPolicy");
    Node tcpPolicy = r.nodeAt(tcp);
    if (tcpPolicy instanceof MapNode policy) {
      sites.add(new Site(tcp, policy, true));
    }
    return sites;
  }
}
