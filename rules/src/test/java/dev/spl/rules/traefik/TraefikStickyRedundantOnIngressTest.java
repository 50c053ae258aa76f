package dev.spl.rules.traefik;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

/**
 * SPL506 and SPL501 side by side: sticky annotations on an Ingress are redundant (info) when its
 * Service carries its own, missing (error) when it does not or is out of sight.
 */
class TraefikStickyRedundantOnIngressTest {
  private static final String INGRESS =
      TraefikStickyOnIngressTest.object(
          "Ingress",
          "networking.k8s.io/v1",
          "service.sticky.cookie: \"true\"  # expect: SPL506 \"remove all 2 from the Ingress\"",
          "service.sticky.cookie.name: s");

  private static String service(String... annotations) {
    return "---\n"
        + TraefikStickyOnIngressTest.object("Service", "v1", annotations)
            .replace("name: whoami\n", "name: whoami-svc\n");
  }

  @Test
  void aServiceThatCarriesItsOwnMakesTheIngresssRedundant() {
    String input = INGRESS + service("service.sticky.cookie: \"true\"");
    var f = assertMarked("SPL506", input).get(0);
    assertEquals(Severity.INFO, f.severity());
    assertTrue(of("SPL501", input).isEmpty(), "nothing missing: no error");
  }

  @Test
  void aServiceWithoutThemOrOutOfSightIsStillSpl501() {
    String without = INGRESS + service("router.entrypoints: web");
    assertTrue(of("SPL506", without).isEmpty());
    assertEquals(1, of("SPL501", without).size());
    assertTrue(of("SPL506", INGRESS).isEmpty());
    assertEquals(1, of("SPL501", INGRESS).size(), "the Service out of sight: as before");
    String off = INGRESS + service("service.sticky.cookie: \"false\"");
    assertEquals(1, of("SPL501", off).size(), "a Service that turns stickiness off pins nothing");
  }
}
