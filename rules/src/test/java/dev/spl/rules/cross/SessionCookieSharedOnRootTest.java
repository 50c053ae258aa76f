package dev.spl.rules.cross;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionCookieSharedOnRootTest {
  static List<Finding> of(String rule, String controller, String secondPath) {
    return Lint.of(
        rule,
        HostCookiePathFromMatchTest.route(controller, "shop", "[{path: {value: /cart}}]")
            .replace(
                "    sessionPersistence: {sessionName: shop}\n",
                "    sessionPersistence: {sessionName: shop}\n"
                    + "  - matches: [{path: {value: "
                    + secondPath
                    + "}}]\n"
                    + "    backendRefs: [{name: t, port: 80}]\n"
                    + "    sessionPersistence: {sessionName: shop}\n"),
        GatewayApiVersion.NEWEST_RELEASE);
  }

  @Test
  void disjointPathsOnControllersThatUseRoot() {
    assertEquals(1, of("SPL135", "kgateway.dev/kgateway", "/checkout").size());
    assertEquals(
        1, of("SPL135", "gateway.envoyproxy.io/gatewayclass-controller", "/checkout").size());
  }

  @Test
  void silentWhereTheControllerScopesByPathOrIsUnknown() {
    assertTrue(of("SPL135", "gateway.nginx.org/x", "/checkout").isEmpty());
    assertTrue(of("SPL135", "example.com/unknown", "/checkout").isEmpty());
  }

  @Test
  void overlappingPathsAreSpl102sAlone() {
    assertTrue(of("SPL135", "kgateway.dev/kgateway", "/cart/pay").isEmpty());
    assertEquals(1, of("SPL102", "kgateway.dev/kgateway", "/cart/pay").size());
  }
}
