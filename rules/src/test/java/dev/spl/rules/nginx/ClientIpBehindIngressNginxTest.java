package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
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

  /** {@link #CLIENT_IP} with {@code marker} at the end of its sessionAffinity line. */
  static String clientIp(String marker) {
    return CLIENT_IP.replace("ClientIP\n", "ClientIP" + marker + "\n");
  }

  @Test
  void inertBehindNginx() {
    var f =
        assertMarked(
                "SPL152",
                ingressOf("a", "nginx", "web")
                    + clientIp("  # expect: SPL152 \"sends to pods directly\""))
            .get(0);
    assertTrue(f.severity() == Severity.INFO);
    assertTrue(f.related().size() == 1, "names the Ingress");
  }

  @Test
  void anIngressThatPinsByCookieAlreadyIsToldToDropTheDeadSettingNotToAddCookies() {
    var f =
        assertMarked(
                "SPL152",
                ingressOf("a", "nginx", "web", nginx("affinity", "cookie"))
                    + clientIp("  # expect: SPL152 \"remove sessionAffinity\""))
            .get(0);
    assertTrue(!f.message().contains("use affinity: cookie"), f.message());
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
