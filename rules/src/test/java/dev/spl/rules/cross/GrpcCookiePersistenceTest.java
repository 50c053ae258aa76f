package dev.spl.rules.cross;

import static dev.spl.Lint.assertOne;
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
    assertOne(
        of("SPL140", route("GRPCRoute", "{sessionName: s}"), GatewayApiVersion.V1_4),
        7,
        5,
        "use type: Header");
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
    assertOne(of("SPL140", yaml, GatewayApiVersion.V1_4), 6, 19, "a persists with a cookie");
  }
}
