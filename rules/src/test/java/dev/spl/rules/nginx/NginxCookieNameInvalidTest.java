package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
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
        assertMarked(
                "SPL203",
                ingress(
                    nginx("affinity", "cookie"),
                    nginx("session-cookie-name", "a@b") + "  # expect: SPL203 \"INGRESSCOOKIE\""))
            .get(0);
    assertTrue(f.severity() == Severity.WARNING);
    assertMarked(
        "SPL203",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-name", "a!b") + "  # expect: SPL203 \"INGRESSCOOKIE\""));
  }

  @Test
  void passesItButIsNoToken() {
    assertMarked(
        "SPL203",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-name", "a:b") + "  # expect: SPL203 \"':'\""));
    assertMarked(
        "SPL203",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-name", "my route") + "  # expect: SPL203 \"a space\""));
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
