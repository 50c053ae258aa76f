package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.policy.PolicyCheck;
import java.util.List;

/** What the Contour policies share: the kind they match and its strategies, as CEL reaches them. */
final class ContourCel {
  private ContourCel() {}

  /** HTTPProxy, in every version the catalogue knows. */
  static final List<PolicyCheck.Kind> HTTP_PROXIES =
      List.of(
          PolicyCheck.Kind.anyVersionOf(KindCatalogue.find("projectcontour.io", Kinds.HTTP_PROXY)));

  /**
   * An HTTPProxy with more routes than this is not scanned: the schema bounds neither the routes
   * nor a strategy's length, and the API server stops an expression past its cost limit. spl lint
   * and the webhook check every route.
   */
  static final int MAX_SCANNED_ROUTES = 512;

  /** The strategies the routes write (a list of strings, in order). */
  static final String ROUTE_STRATEGIES =
      """
      (has(object.spec) && has(object.spec.routes) && size(object.spec.routes) <= %d
        ? object.spec.routes.filter(r, has(r.loadBalancerPolicy)
            && has(r.loadBalancerPolicy.strategy)).map(r, r.loadBalancerPolicy.strategy)
        : [])
      """
          .formatted(MAX_SCANNED_ROUTES);

  /** The TCP proxy's strategy, as a list of none or one. */
  static final String TCP_STRATEGY =
      """
      (has(object.spec) && has(object.spec.tcpproxy) && has(object.spec.tcpproxy.loadBalancerPolicy)
          && has(object.spec.tcpproxy.loadBalancerPolicy.strategy)
        ? [object.spec.tcpproxy.loadBalancerPolicy.strategy]
        : [])
      """;
}
