package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class SessionNameCollisionInSplitTest {
  static final GatewayApiVersion V14 = GatewayApiVersion.V1_4;

  static String split(String w1, String w2) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          rules:
          - backendRefs:
            - {name: a, weight: %s}
            - {name: b, weight: %s}
        """
        .formatted(w1, w2);
  }

  static String policy(String name, String namespace, String target, String session) {
    return """
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: %s, namespace: %s}
        spec:
          targetRefs: [{group: "", kind: Service, name: %s}]
          sessionPersistence: {sessionName: %s}
        """
        .formatted(name, namespace, target, session);
  }

  @Test
  void samePolicyNameOnBothBackends() {
    var f =
        assertMarked(
                "SPL101",
                """
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: r, namespace: shop}
            spec:
              rules:
              - backendRefs:
                - {name: a, weight: 50}
                - {name: b, weight: 50}  # expect: SPL101 "backends a and b of this split both persist with cookie "s""
            ---
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: XBackendTrafficPolicy
            metadata: {name: p1, namespace: shop}
            spec:
              targetRefs: [{group: "", kind: Service, name: a}]
              sessionPersistence: {sessionName: s}
            ---
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: XBackendTrafficPolicy
            metadata: {name: p2, namespace: shop}
            spec:
              targetRefs: [{group: "", kind: Service, name: b}]
              sessionPersistence: {sessionName: s}
            """,
                V14)
            .get(0);
    assertEquals(2, f.related().size());
    assertEquals(15, f.related().get(0).position().line());
  }

  @Test
  void headerNamesCollideCaseInsensitively() {
    String yaml =
        split("1", "1")
            + policy("p1", "shop", "a", "X-S")
                .replace("{sessionName: X-S}", "{type: Header, sessionName: X-S}")
            + policy("p2", "shop", "b", "x-s")
                .replace("{sessionName: x-s}", "{type: Header, sessionName: x-s}");
    assertEquals(1, of("SPL101", yaml, V14).size());
  }

  @Test
  void nearMisses() {
    // different names
    assertTrue(
        of(
                "SPL101",
                split("50", "50")
                    + policy("p1", "shop", "a", "s1")
                    + policy("p2", "shop", "b", "s2"),
                V14)
            .isEmpty());
    // a weight of 0 takes no traffic
    assertTrue(
        of(
                "SPL101",
                split("100", "0") + policy("p1", "shop", "a", "s") + policy("p2", "shop", "b", "s"),
                V14)
            .isEmpty());
    // policies in another namespace do not target the route's Services
    assertTrue(
        of(
                "SPL101",
                split("50", "50")
                    + policy("p1", "shop", "a", "s")
                    + policy("p2", "other", "b", "s"),
                V14)
            .isEmpty());
    // one policy for both backends is one configuration
    String both =
        policy("p", "shop", "a", "s")
            .replace(
                "targetRefs: [{group: \"\", kind: Service, name: a}]",
                "targetRefs: [{group: \"\", kind: Service, name: a}, {group: \"\", kind: Service, name: b}]");
    assertTrue(of("SPL101", split("50", "50") + both, V14).isEmpty());
  }

  @Test
  void inlinePersistenceOnTheRuleWins() {
    String yaml =
        split("50", "50")
            + "    sessionPersistence: {sessionName: rule}\n"
            + policy("p1", "shop", "a", "s")
            + policy("p2", "shop", "b", "s");
    assertTrue(of("SPL101", yaml, V14).isEmpty());
  }
}
