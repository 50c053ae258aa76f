package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class ServiceAffinityConflictTest {
  static final String SERVICE =
      """
      ---
      apiVersion: v1
      kind: Service
      metadata: {name: svc, namespace: shop}
      spec: {sessionAffinity: %s}
      """;
  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: r, namespace: %s}
      spec:
        rules:
        - backendRefs: [{name: svc}]
          sessionPersistence: {sessionName: s}
      """;

  @Test
  void routeInlineToClientIpService() {
    var f =
        assertMarked(
                "SPL110",
                """
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: r, namespace: shop}
            spec:
              rules:
              - backendRefs: [{name: svc}]
                sessionPersistence: {sessionName: s}  # expect: SPL110 "Service svc, which has sessionAffinity ClientIP"
            ---
            apiVersion: v1
            kind: Service
            metadata: {name: svc, namespace: shop}
            spec: {sessionAffinity: ClientIP}
            """,
                GatewayApiVersion.V1_4)
            .get(0);
    assertTrue(f.related().get(0).position().line() == 12);
  }

  @Test
  void policyOnClientIpService() {
    String policy =
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: svc}]
          sessionPersistence: {sessionName: s}
        """;
    assertMarked(
        "SPL110",
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: svc}]
          sessionPersistence: {sessionName: s}  # expect: SPL110 "this policy"
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: svc, namespace: shop}
        spec: {sessionAffinity: ClientIP}
        """,
        GatewayApiVersion.V1_4);
  }

  @Test
  void nearMisses() {
    assertTrue(
        of("SPL110", ROUTE.formatted("shop") + SERVICE.formatted("None"), GatewayApiVersion.V1_4)
            .isEmpty());
    // the route's "svc" is another namespace's Service
    assertTrue(
        of(
                "SPL110",
                ROUTE.formatted("other") + SERVICE.formatted("ClientIP"),
                GatewayApiVersion.V1_4)
            .isEmpty());
    // no persistence on the route
    assertTrue(
        of(
                "SPL110",
                ROUTE.formatted("shop").replace("    sessionPersistence: {sessionName: s}\n", "")
                    + SERVICE.formatted("ClientIP"),
                GatewayApiVersion.V1_4)
            .isEmpty());
  }
}
