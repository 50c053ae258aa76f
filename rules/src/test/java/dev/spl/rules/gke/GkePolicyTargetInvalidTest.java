package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GkePolicyTargetInvalidTest {
  static String policy(String namespace, String targetRef, String affinity) {
    return """
        apiVersion: networking.gke.io/v1
        kind: GCPBackendPolicy
        metadata: {name: p%s}
        spec:
          targetRef: %s
          default: %s
        """
        .formatted(namespace == null ? "" : ", namespace: " + namespace, targetRef, affinity);
  }

  static final String STICKY = "{sessionAffinity: {type: GENERATED_COOKIE}}";

  @Test
  void aGatewayOrRouteIsNoBackend() {
    assertMarked(
        "SPL703",
        policy(
            "shop",
            "{group: gateway.networking.k8s.io, kind: HTTPRoute, name: r}"
                + "  # expect: SPL703 \"not HTTPRoute r\"",
            STICKY));
    assertMarked(
        "SPL703",
        policy(
            "shop",
            "{kind: ServiceImport, name: s}  # expect: SPL703 \"ServiceImport s\"",
            STICKY));
  }

  @Test
  void anotherNamespacesServiceIsOutOfReach() {
    String yaml =
        """
        apiVersion: networking.gke.io/v1
        kind: GCPBackendPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRef:
            kind: Service
            name: s
            namespace: infra  # expect: SPL703 "not Service infra/s"
          default: {sessionAffinity: {type: CLIENT_IP}}
        """;
    assertMarked("SPL703", yaml);
  }

  @Test
  void servicesAndServiceImportsOfItsNamespacePass() {
    assertTrue(of("SPL703", policy("shop", "{kind: Service, name: s}", STICKY)).isEmpty());
    assertTrue(
        of(
                "SPL703",
                policy("shop", "{group: \"\", kind: Service, name: s, namespace: shop}", STICKY))
            .isEmpty());
    assertTrue(
        of("SPL703", policy("shop", "{group: net.gke.io, kind: ServiceImport, name: s}", STICKY))
            .isEmpty());
    // GKE Inference Gateway: a policy on an InferencePool (as its docs and users write it)
    assertTrue(
        of(
                "SPL703",
                policy(
                    "default",
                    "{group: inference.networking.x-k8s.io, kind: InferencePool, name: pool}",
                    STICKY))
            .isEmpty());
  }

  @Test
  void onlyWhatItKnowsIsJudged() {
    // a namespace given at apply time is not in the file: no comparison
    assertTrue(
        of("SPL703", policy(null, "{kind: Service, name: s, namespace: infra}", STICKY)).isEmpty());
    // no affinity: the policy's other settings are not about sessions
    assertTrue(
        of("SPL703", policy("shop", "{kind: Gateway, name: g}", "{timeoutSec: 30}")).isEmpty());
  }
}
