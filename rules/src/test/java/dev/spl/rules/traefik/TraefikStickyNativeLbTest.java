package dev.spl.rules.traefik;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.traefik.TraefikStickyOnIngressTest.object;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TraefikStickyNativeLbTest {
  @Test
  void stickyWithNativeLbOnAService() {
    assertMarked(
        "SPL502",
        object(
            "Service",
            "v1",
            "service.sticky.cookie.name: s",
            "service.nativelb: \"true\"  # expect: SPL502 \"cluster IP\""));
  }

  @Test
  void stickyWithNativeLbOnAnIngressRoute() {
    assertMarked(
        "SPL502",
        """
            apiVersion: traefik.containo.us/v1alpha1
            kind: IngressRoute
            metadata: {name: r, namespace: shop}
            spec:
              routes:
              - match: Host(`a.example`)
                services:
                - name: a
                  nativeLB: true  # expect: SPL502 "sticky cookie pins nothing"
                  sticky: {cookie: {}}
            """);
  }

  @Test
  void eitherAlonePasses() {
    assertTrue(of("SPL502", object("Service", "v1", "service.nativelb: \"true\"")).isEmpty());
    assertTrue(
        of(
                "SPL502",
                object(
                    "Service",
                    "v1",
                    "service.sticky.cookie: \"false\"",
                    "service.nativelb: \"true\""))
            .isEmpty(),
        "sticky switched off");
    assertTrue(of("SPL502", object("Service", "v1", "service.sticky.cookie: \"true\"")).isEmpty());
  }
}
