package dev.spl.rules.nginx;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingress;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class NginxCookieNameInvalidTest {
  @Test
  void failsTheControllersCheck() {
    var f =
        assertOne(
            of("SPL203", ingress(nginx("affinity", "cookie"), nginx("session-cookie-name", "a@b"))),
            8,
            5,
            "INGRESSCOOKIE");
    assertTrue(f.severity() == Severity.WARNING);
    assertOne(
        of("SPL203", ingress(nginx("affinity", "cookie"), nginx("session-cookie-name", "a!b"))),
        8,
        5,
        "INGRESSCOOKIE");
  }

  @Test
  void passesItButIsNoToken() {
    assertOne(
        of("SPL203", ingress(nginx("affinity", "cookie"), nginx("session-cookie-name", "a:b"))),
        8,
        5,
        "':'");
    assertOne(
        of(
            "SPL203",
            ingress(nginx("affinity", "cookie"), nginx("session-cookie-name", "my route"))),
        8,
        5,
        "a space");
  }

  @Test
  void tokensPass() {
    assertTrue(
        of(
                "SPL203",
                ingress(nginx("affinity", "cookie"), nginx("session-cookie-name", "route_1.a-b~")))
            .isEmpty());
    assertTrue(
        of("SPL203", ingress(nginx("affinity", "cookie"), nginx("session-cookie-name", " route ")))
            .isEmpty(),
        "the controller trims the ends");
  }
}
