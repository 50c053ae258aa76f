package dev.spl.rules.traefik;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TraefikStickyMiddlewareTest {
  private static String middleware(String group, String spec) {
    return """
        apiVersion: %s/v1alpha1
        kind: Middleware
        metadata: {name: m, namespace: shop}
        spec:
        %s
        """
        .formatted(group, spec.indent(2).stripTrailing());
  }

  @Test
  void aStickyMiddlewareOfEitherGroupIsNamedAtItsKey() {
    var f = of("SPL507", middleware("traefik.io", "sticky:\n  cookie: {name: a}"));
    assertEquals(1, f.size(), f::toString);
    assertEquals("spec.sticky", f.get(0).field());
    var old = of("SPL507", middleware("traefik.containo.us", "Sticky:\n  CookieName: a"));
    assertEquals(1, old.size(), old::toString);
    assertTrue(old.get(0).message().startsWith("Traefik has no Sticky middleware"));
  }

  @Test
  void otherMiddlewaresAndOtherGroupsAreLeftAlone() {
    assertTrue(of("SPL507", middleware("traefik.io", "stripPrefix: {prefixes: [/a]}")).isEmpty());
    // a Middleware kind of another product is not Traefik's
    assertTrue(of("SPL507", middleware("example.com", "sticky: {}")).isEmpty());
  }
}
