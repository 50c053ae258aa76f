package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class MisplacedSessionPersistenceTest {
  @Test
  void onABackendRefOrTheRoutesSpec() {
    assertMarked(
        "SPL033",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart}
        spec:
          sessionPersistence: {cookie: {name: s}}  # expect: SPL033 "move it to spec.rules[].sessionPersistence"
          rules:
          - sessionPersistence: {cookie: {name: s}}
            backendRefs:
            - name: cart
              port: 80
              sessionPersistence: {cookie: {name: s}}  # expect: SPL033 "HTTPRoute has no sessionPersistence here"
        """);
  }

  @Test
  void onAnXBackendsSpecWhereNoVersionHasIt() {
    String backend =
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackend
        metadata: {name: api}
        spec:
          type: ExternalHostname
          externalHostname: {hostname: api.example.com}
          sessionPersistence: {cookie: {name: s}}
        """;
    List<Finding> onMain = of("SPL033", backend, GatewayApiVersion.MAIN);
    assertEquals(1, onMain.size(), onMain.toString());
    assertEquals("spec.sessionPersistence", onMain.get(0).field());
    assertEquals(
        "XBackend has no sessionPersistence here: the API server drops it;"
            + " move it to a route rule (spec.rules[].sessionPersistence)",
        onMain.get(0).message());
    // Under the proposal, the field's place is named.
    assertTrue(
        of("SPL033", backend, GatewayApiVersion.GEP_1619_BACKEND)
            .get(0)
            .message()
            .endsWith("move it to spec.endpointSelector.sessionPersistence"));
  }

  @Test
  void whereTheKindCarriesItAndOutsideGatewayApiItIsSilent() {
    assertTrue(
        of(
                "SPL033",
                """
                apiVersion: gateway.networking.k8s.io/v1alpha2
                kind: BackendLBPolicy
                metadata: {name: p}
                spec:
                  targetRefs: [{group: "", kind: Service, name: cart}]
                  sessionPersistence: {sessionName: s}
                """,
                GatewayApiVersion.V1_2)
            .isEmpty());
    // Under main the Backend attachment is SPL026's to report, not this rule's.
    assertTrue(
        of(
                "SPL033",
                """
                apiVersion: gateway.networking.x-k8s.io/v1alpha1
                kind: XBackend
                metadata: {name: b}
                spec:
                  endpointSelector:
                    sessionPersistence: {cookie: {name: s}}
                """,
                GatewayApiVersion.MAIN)
            .isEmpty());
    // Envoy Gateway's own policies are not Gateway API's: their fields are theirs.
    assertTrue(
        of(
                "SPL033",
                """
                apiVersion: gateway.envoyproxy.io/v1alpha1
                kind: BackendTrafficPolicy
                metadata: {name: p}
                spec:
                  loadBalancer: {type: ConsistentHash, sessionPersistence: {}}
                """)
            .isEmpty());
    // A Gateway API kind spl does not catalogue (a later release's) may carry it anywhere.
    assertTrue(
        of(
                "SPL033",
                """
                apiVersion: gateway.networking.k8s.io/v1
                kind: BackendTrafficPolicy
                metadata: {name: p}
                spec:
                  sessionPersistence: {cookie: {name: s}}
                """)
            .isEmpty());
  }
}
