package dev.spl.rules.cross;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.LintOptions;
import dev.spl.index.ControllerVersions;
import dev.spl.model.Finding;
import dev.spl.rules.cross.CookiePaths.PathMatch;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostCookiePathFromMatchTest {
  static String route(String controller, String name, String matches) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: GatewayClass
        metadata: {name: c}
        spec: {controllerName: %s}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw, namespace: ns}
        spec: {gatewayClassName: c, listeners: [{name: l, port: 443, protocol: HTTPS}]}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: ns}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - matches: %s
            backendRefs: [{name: s, port: 80}]
            sessionPersistence: {sessionName: %s}
        """
        .formatted(controller, matches, name);
  }

  /** Lint options for v1.6 with Envoy Gateway at {@code version}, as .spl.yaml would say. */
  static LintOptions withEg(String version) {
    return LintOptions.defaults()
        .withVersion(GatewayApiVersion.V1_6)
        .withControllerVersions(
            ControllerVersions.configured(
                java.util.Map.of(
                    ControllerVersions.ENVOY_GATEWAY,
                    ControllerVersions.parse(version, ".spl.yaml").orElseThrow())));
  }

  static List<Finding> of(String yaml, GatewayApiVersion version) {
    return Lint.of("SPL134", yaml, version);
  }

  @Test
  void perController() {
    String matches = "[{path: {value: /checkout}}]";
    GatewayApiVersion v16 = GatewayApiVersion.NEWEST_RELEASE;
    assertEquals(1, of(route("gateway.nginx.org/x", "__Host-a", matches), v16).size());
    String eg = "gateway.envoyproxy.io/gatewayclass-controller";
    assertTrue(
        of(route(eg, "__Host-a", matches), v16).isEmpty(),
        "Envoy Gateway's newest release (v1.10+) sets Path=/");
    List<Finding> onV19 = Lint.of("SPL134", route(eg, "__host-a", matches), withEg("v1.9.2"));
    assertEquals(1, onV19.size(), "the prefix in another case is still refused");
    assertEquals(
        "Envoy Gateway v1.9.2 sets Path=/checkout from the matches; browsers drop __Host- cookies"
            + " not on /",
        onV19.get(0).message());
    assertTrue(Lint.of("SPL134", route(eg, "__Host-a", matches), withEg("1.10")).isEmpty());
    assertTrue(of(route("kgateway.dev/kgateway", "__Host-a", matches), v16).isEmpty());
    assertTrue(of(route("example.com/other", "__Host-a", matches), v16).isEmpty());
    assertTrue(of(route("gateway.nginx.org/x", "checkout", matches), v16).isEmpty());
  }

  @Test
  void derivedPaths() {
    assertEquals(
        "/a/b",
        CookiePaths.derivedPath(
            List.of(new PathMatch("PathPrefix", "/a/b/c"), new PathMatch("Exact", "/a/b/"))));
    assertEquals(
        "/",
        CookiePaths.derivedPath(
            List.of(new PathMatch("PathPrefix", "/a"), new PathMatch("PathPrefix", "/b"))));
    assertEquals(
        "/",
        CookiePaths.derivedPath(
            List.of(new PathMatch("PathPrefix", "/ab"), new PathMatch("PathPrefix", "/a"))),
        "whole segments only: /ab and /a share no segment");
    assertEquals("/shop", CookiePaths.derivedPath(List.of(new PathMatch("PathPrefix", "/shop/"))));
    assertNull(
        CookiePaths.derivedPath(
            List.of(new PathMatch("RegularExpression", "/a.*"), new PathMatch("Exact", "/a"))));
  }
}
