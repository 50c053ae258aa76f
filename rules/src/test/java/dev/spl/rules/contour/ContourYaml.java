package dev.spl.rules.contour;

/** Test fixture: an HTTPProxy whose route's, or TCP proxy's, loadBalancerPolicy is given. */
final class ContourYaml {
  private static final String PROXY =
      """
      apiVersion: projectcontour.io/v1
      kind: HTTPProxy
      metadata:
        name: shop
        namespace: shop
      spec:
        virtualhost:
          fqdn: shop.example.com
      """;

  private ContourYaml() {}

  /** {@code policy}: the loadBalancerPolicy's lines, as if at the left margin. */
  static String routePolicy(String policy) {
    return PROXY
        + """
          routes:
            - conditions:
                - prefix: /
              services:
                - name: cart
                  port: 80
              loadBalancerPolicy:
        """
        + policy.indent(8);
  }

  static String tcpPolicy(String policy) {
    return PROXY
        + """
            tls:
              passthrough: true
          tcpproxy:
            services:
              - name: cart
                port: 443
            loadBalancerPolicy:
        """
        + policy.indent(6);
  }
}
