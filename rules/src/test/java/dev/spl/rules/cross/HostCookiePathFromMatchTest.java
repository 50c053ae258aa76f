package dev.spl.rules.cross;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
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

  static List<Finding> of(String yaml, GatewayApiVersion version) {
    return Lint.of("SPL134", yaml, version);
  }

  @Test
  void perController() {
    String matches = "[{path: {value: /checkout}}]";
    GatewayApiVersion v16 = GatewayApiVersion.NEWEST_RELEASE;
    assertEquals(1, of(route("gateway.nginx.org/x", "__Host-a", matches), v16).size());
    assertEquals(
        1,
        of(route("gateway.envoyproxy.io/gatewayclass-controller", "__host-a", matches), v16).size(),
        "the prefix in another case is still refused");
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
