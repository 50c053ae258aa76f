package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class GrpcCookiePersistenceTest {
  static String route(String kind, String sp) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: %s
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{name: a}]
            sessionPersistence: %s
        """
        .formatted(kind, sp);
  }

  @Test
  void cookieByDefaultOnGrpc() {
    assertMarked(
        "SPL140",
        route("GRPCRoute", "{sessionName: s}  # expect: SPL140 \"use type: Header\""),
        GatewayApiVersion.V1_4);
  }

  @Test
  void nearMisses() {
    assertTrue(
        of("SPL140", route("GRPCRoute", "{type: Header, sessionName: s}"), GatewayApiVersion.V1_4)
            .isEmpty());
    assertTrue(
        of("SPL140", route("HTTPRoute", "{sessionName: s}"), GatewayApiVersion.V1_4).isEmpty());
  }

  @Test
  void cookieFromAPolicyOnTheGrpcBackend() {
    String yaml =
        route("GRPCRoute", "null")
            + """
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          sessionPersistence: {sessionName: s}
        """;
    assertMarked(
        "SPL140",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: GRPCRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{name: a}]  # expect: SPL140 "a persists with a cookie"
            sessionPersistence: null
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          sessionPersistence: {sessionName: s}
        """,
        GatewayApiVersion.V1_4);
  }
}
