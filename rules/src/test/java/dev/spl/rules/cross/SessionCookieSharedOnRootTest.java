package dev.spl.rules.cross;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.LintOptions;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionCookieSharedOnRootTest {
  static List<Finding> of(String rule, String controller, String secondPath) {
    return of(
        rule,
        controller,
        secondPath,
        LintOptions.defaults().withVersion(GatewayApiVersion.NEWEST_RELEASE));
  }

  static List<Finding> of(String rule, String controller, String secondPath, LintOptions options) {
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
        options);
  }

  @Test
  void disjointPathsOnControllersThatUseRoot() {
    assertEquals(1, of("SPL135", "kgateway.dev/kgateway", "/checkout").size());
    assertEquals(
        1, of("SPL135", "gateway.envoyproxy.io/gatewayclass-controller", "/checkout").size());
  }

  @Test
  void envoyGatewaysVersionDecidesAndTheMessageSaysWhichHolds() {
    String eg = "gateway.envoyproxy.io/gatewayclass-controller";
    List<Finding> assumed = of("SPL135", eg, "/checkout");
    assertTrue(
        assumed.get(0).message().contains("Envoy Gateway v1.10+ (assumed) sets both on Path=/"),
        assumed.get(0).message());
    List<Finding> onV111 =
        of("SPL135", eg, "/checkout", HostCookiePathFromMatchTest.withEg("v1.11.0"));
    assertTrue(
        onV111.get(0).message().contains("Envoy Gateway v1.11.0 sets both"),
        onV111.get(0).message());
    assertTrue(of("SPL135", eg, "/checkout", HostCookiePathFromMatchTest.withEg("v1.9")).isEmpty());
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
