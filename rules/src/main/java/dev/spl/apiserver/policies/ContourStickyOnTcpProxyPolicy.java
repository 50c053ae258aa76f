package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.contour.ContourStickyOnTcpProxy;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/** SPL803 at the API server: Cookie or RequestHash on the TCP proxy. */
final class ContourStickyOnTcpProxyPolicy implements ApiServerPolicy {
  @Override
  public Class<ContourStickyOnTcpProxy> rule() {
    return ContourStickyOnTcpProxy.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String strategy = "object.spec.tcpproxy.loadBalancerPolicy.strategy";
    return Optional.of(
        PolicyCheck.onObjects(
            ContourCel.HTTP_PROXIES,
            Cel.of(
                "!(${tcp}.exists(s, s in ['Cookie', 'RequestHash']))",
                "tcp",
                ContourCel.TCP_STRATEGY.strip()),
            Cel.message(ContourStickyOnTcpProxy.MESSAGE, "strategy", strategy),
            "spec.tcpproxy.loadBalancerPolicy.strategy"));
  }
}
