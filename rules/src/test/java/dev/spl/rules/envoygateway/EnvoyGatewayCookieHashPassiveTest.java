package dev.spl.rules.envoygateway;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EnvoyGatewayCookieHashPassiveTest {
  private static String policy(String group, String hash) {
    return "apiVersion: "
        + group
        + "/v1alpha1\nkind: BackendTrafficPolicy\nmetadata: {name: p, namespace: shop}\n"
        + "spec:\n  loadBalancer:\n    type: ConsistentHash\n    consistentHash:\n"
        + hash;
  }

  @Test
  void cookieWithoutTtl() {
    assertOne(
        of(
            "SPL401",
            policy(
                "gateway.envoyproxy.io", "      type: Cookie\n      cookie:\n        name: s\n")),
        9,
        7,
        "\"s\" has no ttl");
  }

  @Test
  void ttlOtherTypesAndOtherGroupsPass() {
    assertTrue(
        of(
                "SPL401",
                policy(
                    "gateway.envoyproxy.io",
                    "      type: Cookie\n      cookie: {name: s, ttl: 1h}\n"))
            .isEmpty());
    assertTrue(of("SPL401", policy("gateway.envoyproxy.io", "      type: SourceIP\n")).isEmpty());
    assertTrue(
        of("SPL401", policy("example.com", "      type: Cookie\n      cookie: {name: s}\n"))
            .isEmpty(),
        "not Envoy Gateway's");
  }
}
