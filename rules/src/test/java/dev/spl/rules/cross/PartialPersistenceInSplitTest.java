package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class PartialPersistenceInSplitTest {
  static final GatewayApiVersion V14 = GatewayApiVersion.V1_4;

  static String yaml(String weightB, boolean serviceBPresent) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs:
            - {name: a, weight: 1}
            - {name: b, weight: %s}
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          sessionPersistence: {sessionName: s}
        """
            .formatted(weightB)
        + (serviceBPresent ? "---\napiVersion: v1\nkind: Service\nmetadata: {name: b}\n" : "");
  }

  @Test
  void oneBackendPersistsTheOtherNot() {
    assertMarked(
        "SPL123",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs:
            - {name: a, weight: 1}
            - {name: b, weight: 1}  # expect: SPL123 "b has no session persistence"
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          sessionPersistence: {sessionName: s}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: b}
        """,
        V14);
  }

  @Test
  void nearMisses() {
    // zero weight: not part of the split
    assertTrue(of("SPL123", yaml("0", true), V14).isEmpty());
    // b's Service is not in the input: its policy may be elsewhere, so say nothing
    assertTrue(of("SPL123", yaml("1", false), V14).isEmpty());
  }
}
