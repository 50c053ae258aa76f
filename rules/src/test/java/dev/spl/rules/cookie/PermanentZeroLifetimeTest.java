package dev.spl.rules.cookie;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class PermanentZeroLifetimeTest {

  @Test
  void zeroInAnyUnit() {
    assertOne(
        of("SPL133", backend("absoluteTimeout: 0ms\ncookie: {name: s, lifetimeType: Permanent}")),
        11,
        7,
        "Max-Age=0");
    assertOne(
        of("SPL133", backend("absoluteTimeout: 0h0m\ncookie: {name: s, lifetimeType: Permanent}")),
        11,
        7,
        "\"0h0m\"");
  }

  @Test
  void v1ShapeToo() {
    assertOne(
        of(
            "SPL133",
            route("absoluteTimeout: 0s\ncookieConfig: {lifetimeType: Permanent}"),
            GatewayApiVersion.V1_6),
        10,
        7,
        "deletes it at once");
  }

  @Test
  void sessionCookiesAndPositiveTimeoutsPass() {
    assertTrue(of("SPL133", backend("absoluteTimeout: 0s\ncookie: {name: s}")).isEmpty());
    assertTrue(
        of("SPL133", backend("absoluteTimeout: 1ms\ncookie: {name: s, lifetimeType: Permanent}"))
            .isEmpty());
  }
}
