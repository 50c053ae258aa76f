package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingress;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NginxSameSiteNoneInsecureTest {
  @Test
  void noneWithoutSecureOrTls() {
    assertMarked(
        "SPL205",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-samesite", "none")
                + "  # expect: SPL205 \"session-cookie-secure\""));
    assertMarked(
        "SPL205",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-samesite", "None") + "  # expect: SPL205 \"Secure\"",
            nginx("session-cookie-secure", "false")));
  }

  @Test
  void secureOrTlsOrOtherSameSitePass() {
    assertTrue(
        of(
                "SPL205",
                ingress(
                    nginx("affinity", "cookie"),
                    nginx("session-cookie-samesite", "None"),
                    nginx("session-cookie-secure", "true")))
            .isEmpty());
    assertTrue(
        of("SPL205", ingress(nginx("affinity", "cookie"), nginx("session-cookie-samesite", "Lax")))
            .isEmpty());
    String withTls =
        ingress(nginx("affinity", "cookie"), nginx("session-cookie-samesite", "None"))
            .replace("spec:\n", "spec:\n  tls: [{hosts: [shop.example.com], secretName: t}]\n");
    assertTrue(of("SPL205", withTls).isEmpty());
    assertTrue(
        of("SPL205", ingress(nginx("session-cookie-samesite", "None"))).isEmpty(),
        "no affinity: SPL201's case");
  }
}
