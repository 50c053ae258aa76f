package dev.spl.rules.nginx;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.ClientIpBehindIngressNginxTest.CLIENT_IP;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClientIpViaServiceUpstreamTest {
  @Test
  void serviceUpstreamOrPassthrough() {
    assertOne(
        of("SPL153", ingressOf("a", "nginx", "web", nginx("service-upstream", "true")) + CLIENT_IP),
        23,
        3,
        "uses service-upstream");
    assertOne(
        of("SPL153", ingressOf("a", "nginx", "web", nginx("ssl-passthrough", "true")) + CLIENT_IP),
        23,
        3,
        "uses ssl-passthrough");
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
