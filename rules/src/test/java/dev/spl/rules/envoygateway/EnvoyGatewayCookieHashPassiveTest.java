package dev.spl.rules.envoygateway;

import static dev.spl.Lint.assertMarked;
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
    assertMarked(
        "SPL401",
        policy(
            "gateway.envoyproxy.io",
            "      type: Cookie\n      cookie:  # expect: SPL401 \"\"s\" has no ttl\"\n        name: s\n"));
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
