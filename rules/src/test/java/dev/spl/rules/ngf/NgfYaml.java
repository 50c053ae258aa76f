package dev.spl.rules.ngf;

/** Test fixture: an UpstreamSettingsPolicy for Service shop/cart with these spec lines. */
final class NgfYaml {
  private NgfYaml() {}

  static String upstreamSettings(String... specLines) {
    StringBuilder out =
        new StringBuilder(
            """
            apiVersion: gateway.nginx.org/v1alpha1
            kind: UpstreamSettingsPolicy
            metadata: {name: cart, namespace: shop}
            spec:
              targetRefs: [{group: "", kind: Service, name: cart}]
            """);
    for (String line : specLines) {
      out.append("  ").append(line).append('\n');
    }
    return out.toString();
  }
}
