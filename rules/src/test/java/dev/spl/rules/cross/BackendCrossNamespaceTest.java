package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class BackendCrossNamespaceTest {
  static String route(String ref) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          rules:
          - backendRefs:
            - %s
        ---
        """
        .formatted(ref);
  }

  static String backend(String namespace, String persistence) {
    return """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b, namespace: %s}
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: b}}
        %s"""
        .formatted(namespace, persistence);
  }

  private static final String GRANT =
      """
      ---
      apiVersion: gateway.networking.k8s.io/v1beta1
      kind: ReferenceGrant
      metadata: {name: g, namespace: infra}
      spec:
        from: [{group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: shop}]
        to: [{group: gateway.networking.x-k8s.io, kind: Backend}]
      """;

  private static final String STICKY =
      "    sessionPersistence: {type: Cookie, absoluteTimeout: 1h, cookie: {name: s}}\n";

  @Test
  void aStickyBackendOfAnotherNamespaceSetsTheRulesSessions() {
    Finding f =
        assertMarked(
                "SPL124",
                route(
                        "{group: gateway.networking.x-k8s.io, kind: Backend, name: b, namespace: infra}  # expect: SPL124 \"Backend b of namespace infra sets this rule's session persistence\"")
                    + backend("infra", STICKY)
                    + GRANT,
                GatewayApiVersion.MAIN)
            .get(0);
    assertEquals(1, f.related().size(), "names the Backend's sessionPersistence");
    assertEquals(16, f.related().get(0).position().line());
  }

  @Test
  void nearMisses() {
    String elsewhere =
        "{group: gateway.networking.x-k8s.io, kind: Backend, name: b, namespace: infra}";
    // no session persistence on the Backend: a cross-namespace reference is ReferenceGrant's
    // business (and Istio's own tests route to one), not a sticky-session problem
    assertTrue(
        of("SPL124", route(elsewhere) + backend("infra", ""), GatewayApiVersion.MAIN).isEmpty());
    // no ReferenceGrant lets the route refer to it: the controller refuses the reference, and no
    // session goes there
    assertTrue(
        of("SPL124", route(elsewhere) + backend("infra", STICKY), GatewayApiVersion.MAIN)
            .isEmpty());
    // a grant for other routes, or to other kinds, does not either
    assertTrue(
        of(
                "SPL124",
                route(elsewhere)
                    + backend("infra", STICKY)
                    + GRANT.replace("namespace: shop", "namespace: web"),
                GatewayApiVersion.MAIN)
            .isEmpty());
    assertTrue(
        of(
                "SPL124",
                route(elsewhere)
                    + backend("infra", STICKY)
                    + GRANT.replace("kind: Backend", "kind: Service").replace("x-k8s.io", "k8s.io"),
                GatewayApiVersion.MAIN)
            .isEmpty());
    // the Backend is not in the input: nothing is known of its sessions
    assertTrue(of("SPL124", route(elsewhere), GatewayApiVersion.MAIN).isEmpty());
    // the route's own namespace
    assertTrue(
        of(
                "SPL124",
                route("{group: gateway.networking.x-k8s.io, kind: Backend, name: b}")
                    + backend("shop", STICKY),
                GatewayApiVersion.MAIN)
            .isEmpty());
    // Services across namespaces are not this rule's
    assertTrue(
        of("SPL124", route("{name: svc, namespace: infra}"), GatewayApiVersion.MAIN).isEmpty());
  }
}
