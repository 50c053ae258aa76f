package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.ClientIpBehindIngressNginxTest.CLIENT_IP;
import static dev.spl.rules.nginx.ClientIpBehindIngressNginxTest.clientIp;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClientIpViaServiceUpstreamTest {
  @Test
  void serviceUpstreamOrPassthrough() {
    assertMarked(
        "SPL153",
        ingressOf("a", "nginx", "web", nginx("service-upstream", "true"))
            + clientIp("  # expect: SPL153 \"uses service-upstream\""));
    assertMarked(
        "SPL153",
        ingressOf("a", "nginx", "web", nginx("ssl-passthrough", "true"))
            + clientIp("  # expect: SPL153 \"uses ssl-passthrough\""));
  }

  @Test
  void endpointsOrNoClientIpPass() {
    assertTrue(of("SPL153", ingressOf("a", "nginx", "web") + CLIENT_IP).isEmpty());
    assertTrue(
        of(
                "SPL153",
                ingressOf("a", "nginx", "web", nginx("service-upstream", "true"))
                    + CLIENT_IP.replace("  sessionAffinity: ClientIP\n", "  type: ClusterIP\n"))
            .isEmpty());
  }
}
