package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class DoubleAttachmentTest {
  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: r}
      spec:
        rules:
        - backendRefs: [{name: svc}]
          sessionPersistence: {sessionName: route}
      ---
      """;
  static final String POLICY =
      """
      apiVersion: gateway.networking.x-k8s.io/v1alpha1
      kind: XBackendTrafficPolicy
      metadata: {name: p, namespace: %s}
      spec:
        targetRefs: [{group: "", kind: Service, name: svc}]
        sessionPersistence: {sessionName: policy}
      """;

  @Test
  void routeAndPolicy() {
    var f =
        assertMarked(
                "SPL122",
                """
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: r}
            spec:
              rules:
              - backendRefs: [{name: svc}]  # expect: SPL122 "this rule's sessionPersistence wins"
                sessionPersistence: {sessionName: route}
            ---
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: XBackendTrafficPolicy
            metadata: {name: p, namespace: default}
            spec:
              targetRefs: [{group: "", kind: Service, name: svc}]
              sessionPersistence: {sessionName: policy}
            """,
                GatewayApiVersion.V1_4)
            .get(0);
    assertTrue(f.related().get(0).position().line() == 14);
  }

  @Test
  void routeAndBackend() {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{group: gateway.networking.x-k8s.io, kind: Backend, name: b}]
            sessionPersistence: {cookie: {name: route}}
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b}
        spec:
          type: EndpointSelector
          endpointSelector: {selector: {}, sessionPersistence: {cookie: {name: backend}}}
        """;
    assertMarked(
        "SPL122",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{group: gateway.networking.x-k8s.io, kind: Backend, name: b}]  # expect: SPL122 "Backend default/b"
            sessionPersistence: {cookie: {name: route}}
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b}
        spec:
          type: EndpointSelector
          endpointSelector: {selector: {}, sessionPersistence: {cookie: {name: backend}}}
        """);
  }

  @Test
  void policyInAnotherNamespaceIsNotAttached() {
    assertTrue(of("SPL122", ROUTE + POLICY.formatted("other"), GatewayApiVersion.V1_4).isEmpty());
  }
}
