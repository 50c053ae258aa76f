package dev.spl.rules.istio;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IstioCookieHashPassiveTest {
  static final String HEAD =
      "apiVersion: networking.istio.io/v1beta1\nkind: DestinationRule\n"
          + "metadata: {name: r, namespace: shop}\nspec:\n  host: r\n";

  @Test
  void everyLoadBalancerIsChecked() {
    var f =
        of(
            "SPL301",
            HEAD
                + "  trafficPolicy:\n"
                + "    loadBalancer: {consistentHash: {httpCookie: {name: a}}}\n"
                + "    portLevelSettings:\n"
                + "    - port: {number: 80}\n"
                + "      loadBalancer: {consistentHash: {httpCookie: {name: b}}}\n"
                + "  subsets:\n"
                + "  - name: v1\n"
                + "    labels: {version: v1}\n"
                + "    trafficPolicy:\n"
                + "      loadBalancer: {consistentHash: {httpCookie: {name: c}}}\n");
    assertEquals(3, f.size(), f::toString);
    assertTrue(f.get(0).message().contains("\"a\""));
    assertEquals(10, f.get(1).position().line());
    assertEquals(15, f.get(2).position().line());
  }

  @Test
  void aTtlOrAnotherKeyPasses() {
    assertTrue(
        of(
                "SPL301",
                HEAD
                    + "  trafficPolicy:\n    loadBalancer:\n      consistentHash:\n"
                    + "        httpCookie: {name: a, ttl: 0s}\n")
            .isEmpty());
    assertTrue(
        of(
                "SPL301",
                HEAD
                    + "  trafficPolicy:\n    loadBalancer: {consistentHash: {useSourceIp: true}}\n")
            .isEmpty());
    assertTrue(
        of(
                "SPL301",
                HEAD.replace("networking.istio.io", "example.com")
                    + "  trafficPolicy:\n    loadBalancer: {consistentHash: {httpCookie: {name: a}}}\n")
            .isEmpty(),
        "another group's DestinationRule");
  }

  @Test
  void position() {
    assertMarked(
        "SPL301",
        HEAD
            + "  trafficPolicy:\n    loadBalancer:\n      consistentHash:\n"
            + "        httpCookie:  # expect: SPL301 \"no ttl\"\n          name: user\n");
  }
}
