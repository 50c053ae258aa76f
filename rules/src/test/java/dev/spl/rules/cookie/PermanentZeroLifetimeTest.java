package dev.spl.rules.cookie;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class PermanentZeroLifetimeTest {

  @Test
  void zeroInAnyUnit() {
    assertMarked(
        "SPL133",
        backend(
            "absoluteTimeout: 0ms  # expect: SPL133 \"Max-Age=0\"\ncookie: {name: s, lifetimeType: Permanent}"));
    assertMarked(
        "SPL133",
        backend(
            "absoluteTimeout: 0h0m  # expect: SPL133 \"\"0h0m\"\"\ncookie: {name: s, lifetimeType: Permanent}"));
  }

  @Test
  void v1ShapeToo() {
    assertMarked(
        "SPL133",
        route(
            "absoluteTimeout: 0s  # expect: SPL133 \"deletes it at once\"\ncookieConfig: {lifetimeType: Permanent}"),
        GatewayApiVersion.V1_6);
  }

  @Test
  void sessionCookiesAndPositiveTimeoutsPass() {
    assertTrue(of("SPL133", backend("absoluteTimeout: 0s\ncookie: {name: s}")).isEmpty());
    assertTrue(
        of("SPL133", backend("absoluteTimeout: 1ms\ncookie: {name: s, lifetimeType: Permanent}"))
            .isEmpty());
  }
}
