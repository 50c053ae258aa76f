package dev.spl.rules.cross;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        """
        .formatted(ref);
  }

  @Test
  void backendInAnotherNamespace() {
    assertOne(
        of(
            "SPL124",
            route(
                "{group: gateway.networking.x-k8s.io, kind: XBackend, name: b, namespace: infra}")),
        7,
        69,
        "in namespace infra, not the route's (shop)");
  }

  @Test
  void nearMisses() {
    assertTrue(
        of("SPL124", route("{group: gateway.networking.x-k8s.io, kind: Backend, name: b}"))
            .isEmpty());
    // Services across namespaces are ReferenceGrant's business, not this rule's
    assertTrue(of("SPL124", route("{name: svc, namespace: infra}")).isEmpty());
  }
}
