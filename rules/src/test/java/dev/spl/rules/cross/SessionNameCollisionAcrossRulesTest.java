package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class SessionNameCollisionAcrossRulesTest {
  static String route(String sp1, String sp2) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{name: a}]
            sessionPersistence: %s
          - backendRefs: [{name: b}]
            sessionPersistence: %s
        """
        .formatted(sp1, sp2);
  }

  @Test
  void sameCookieOnTwoRules() {
    assertMarked(
        "SPL102",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{name: a}]
            sessionPersistence: {cookie: {name: s}}
          - backendRefs: [{name: b}]
            sessionPersistence: {cookie: {name: s}}  # expect: SPL102 "also used by rule 0"
        """);
  }

  @Test
  void headerNamesAreCaseInsensitive() {
    assertMarked(
        "SPL102",
        route(
            "{type: Header, sessionName: X-S}",
            "{type: Header, sessionName: x-s}  # expect: SPL102 \"\"x-s\"\""),
        GatewayApiVersion.V1_6);
  }

  @Test
  void nearMisses() {
    assertTrue(of("SPL102", route("{cookie: {name: s1}}", "{cookie: {name: s2}}")).isEmpty());
    // a cookie and a header of the same name are different mechanisms
    assertTrue(
        of("SPL102", route("{cookie: {name: s}}", "{type: Header, header: {name: s}}")).isEmpty());
    // unnamed: the implementation generates unique names
    assertTrue(of("SPL102", route("{cookie: {}}", "{cookie: {}}")).isEmpty());
  }

  @Test
  void twoRulesToTheSameBackendShareItsPolicy() {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {value: /a}}]
            backendRefs: [{name: svc}]
          - matches: [{path: {value: /b}}]
            backendRefs: [{name: svc}]
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p}
        spec:
          targetRefs: [{group: "", kind: Service, name: svc}]
          sessionPersistence: {sessionName: s}
        """;
    assertTrue(of("SPL102", yaml, GatewayApiVersion.V1_4).isEmpty());
  }

  static String routeWithPaths(String path1, String sp1, String path2, String sp2) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {type: PathPrefix, value: %s}}]
            backendRefs: [{name: a}]
            sessionPersistence: %s
          - matches: [{path: {type: PathPrefix, value: %s}}]
            backendRefs: [{name: b}]
            sessionPersistence: %s
        """
        .formatted(path1, sp1, path2, sp2);
  }

  @Test
  void beforeMainTheCookiePathFollowsEachRulesPath() {
    // GEP-1619: sessions are unique per route path; Envoy Gateway's e2e manifest does this.
    String sp = "{sessionName: s, type: Cookie}";
    assertTrue(
        of("SPL102", routeWithPaths("/cart", sp, "/search", sp), GatewayApiVersion.V1_6).isEmpty());
    // "/" is sent with every request, so it meets /cart's cookie
    assertMarked(
        "SPL102",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {type: PathPrefix, value: /}}]
            backendRefs: [{name: a}]
            sessionPersistence: {sessionName: s, type: Cookie}
          - matches: [{path: {type: PathPrefix, value: /cart}}]
            backendRefs: [{name: b}]
            sessionPersistence: {sessionName: s, type: Cookie}  # expect: SPL102 "also used by rule 0"
        """,
        GatewayApiVersion.V1_6);
    // /cart and /cartoon are different path elements
    assertTrue(
        of("SPL102", routeWithPaths("/cart", sp, "/cartoon", sp), GatewayApiVersion.V1_6)
            .isEmpty());
  }

  @Test
  void onMainTheCookiePathIsCookiePath() {
    String cart = "{cookie: {name: s, path: /cart}}";
    String search = "{cookie: {name: s, path: /search}}";
    String root = "{cookie: {name: s}}";
    assertTrue(
        of("SPL102", routeWithPaths("/cart", cart, "/search", search), GatewayApiVersion.MAIN)
            .isEmpty());
    // default path "/": the rules' own paths do not scope it
    assertMarked(
        "SPL102",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {type: PathPrefix, value: /cart}}]
            backendRefs: [{name: a}]
            sessionPersistence: {cookie: {name: s}}
          - matches: [{path: {type: PathPrefix, value: /search}}]
            backendRefs: [{name: b}]
            sessionPersistence: {cookie: {name: s, path: /search}}  # expect: SPL102 "also used by rule 0"
        """,
        GatewayApiVersion.MAIN);
  }

  @Test
  void headersCollideWhateverThePaths() {
    String h = "{type: Header, sessionName: X-S}";
    assertMarked(
        "SPL102",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {type: PathPrefix, value: /cart}}]
            backendRefs: [{name: a}]
            sessionPersistence: {type: Header, sessionName: X-S}
          - matches: [{path: {type: PathPrefix, value: /search}}]
            backendRefs: [{name: b}]
            sessionPersistence: {type: Header, sessionName: X-S}  # expect: SPL102 "also used by rule 0"
        """,
        GatewayApiVersion.V1_6);
  }
}
