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
  void aRouteOfAnotherNamespaceCountsOnlyWithAReferenceGrant() {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: web}
        spec:
          rules:
          - backendRefs: [{name: svc, namespace: shop}]
            sessionPersistence: {sessionName: s}
        """;
    String grant =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1beta1
        kind: ReferenceGrant
        metadata: {name: g, namespace: shop}
        spec:
          from: [{group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: web}]
          to: [{group: "", kind: Service%s}]
        """;
    String service = SERVICE.formatted("ClientIP");
    // without a grant the controller refuses the reference: nothing of the route reaches svc
    assertTrue(of("SPL110", route + service, GatewayApiVersion.V1_4).isEmpty());
    assertTrue(
        of("SPL110", route + service + grant.formatted(", name: other"), GatewayApiVersion.V1_4)
            .isEmpty());
    assertTrue(
        of(
                "SPL110",
                route + service + grant.formatted("").replace("namespace: web", "namespace: x"),
                GatewayApiVersion.V1_4)
            .isEmpty());
    // with one (for every Service of shop, or for svc by name) it does
    for (String to : new String[] {"", ", name: svc"}) {
      var found = of("SPL110", route + service + grant.formatted(to), GatewayApiVersion.V1_4);
      assertTrue(found.size() == 1, found::toString);
    }
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
