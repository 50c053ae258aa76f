package dev.spl.rules.nginx;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class ClientIpBehindIngressNginxTest {
  static final String CLIENT_IP =
      "---\napiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\n"
          + "spec:\n  sessionAffinity: ClientIP\n";

  @Test
  void inertBehindNginx() {
    var f =
        assertOne(
            of("SPL152", ingressOf("a", "nginx", "web") + CLIENT_IP),
            23,
            3,
            "sends to pods directly");
    assertTrue(f.severity() == Severity.INFO);
    assertTrue(f.related().size() == 1, "names the Ingress");
  }

  @Test
  void otherCasesPass() {
    assertTrue(
        of("SPL152", ingressOf("a", "nginx", "web", nginx("service-upstream", "true")) + CLIENT_IP)
            .isEmpty(),
        "SPL153's case");
    assertTrue(of("SPL152", ingressOf("a", "traefik", "web") + CLIENT_IP).isEmpty());
    assertTrue(of("SPL152", ingressOf("a", "nginx", "api") + CLIENT_IP).isEmpty());
    assertTrue(
        of("SPL152", ingressOf("a", "nginx", "web") + CLIENT_IP.replace("ClientIP", "None"))
            .isEmpty());
  }
}
