package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackendShapeTest {
  private static final String HEAD =
      """
      apiVersion: gateway.networking.x-k8s.io/v1alpha1
      kind: XBackend
      metadata: {name: b}
      spec:
      """;

  @Test
  void selectorWithOtherType() {
    assertMarked(
        "SPL029",
        HEAD
            + """
          type: ExternalHostname
          endpointSelector:  # expect: SPL029 ": its sessionPersistence has no effect"
            sessionPersistence: {cookie: {name: s}}
        """);
  }

  @Test
  void endpointSelectorTypeWithoutSelector() {
    assertMarked(
        "SPL029",
        HEAD + "  type: EndpointSelector  # expect: SPL029 \"spec.endpointSelector is missing\"\n");
  }

  @Test
  void consistentBackendPasses() {
    assertTrue(
        of("SPL029", HEAD + "  type: EndpointSelector\n  endpointSelector: {selector: {}}\n")
            .isEmpty());
    assertTrue(
        of("SPL029", HEAD + "  type: ExternalHostname\n  externalHostname: {hostname: a.b}\n")
            .isEmpty());
  }

  /**
   * v1.6's and main's XBackend CRD (xbackends.yaml, gateway-api 4564255a): spec.type enum
   * [ExternalHostname] and the CEL rule "externalHostname must be set when type is
   * ExternalHostname".
   */
  @Test
  void releasedXBackendServesOnlyExternalHostname() {
    for (GatewayApiVersion v : List.of(GatewayApiVersion.V1_6, GatewayApiVersion.MAIN)) {
      assertMarked(
          "SPL029",
          HEAD
              + "  type: EndpointSelector  # expect: SPL029 \"XBackend has only type ExternalHostname;"
              + " the API server refuses EndpointSelector (a gep-1619-backend type)\"\n"
              + "  port: 8080\n  endpointSelector: {selector: {}}\n",
          v);
      assertMarked(
          "SPL029",
          HEAD
              + "  type: ExternalHostname  # expect: SPL029 \"spec.externalHostname is missing\"\n"
              + "  port: 443\n",
          v);
      assertTrue(
          of(
                  "SPL029",
                  HEAD
                      + "  type: ExternalHostname\n  port: 443\n  externalHostname: {hostname: a.b}\n",
                  v)
              .isEmpty());
    }
  }

  @Test
  void olderReleasesAndTheProposalsBackendKindAreNotJudgedByXBackendsEnum() {
    String endpointSelector = "  type: EndpointSelector\n  endpointSelector: {selector: {}}\n";
    assertTrue(of("SPL029", HEAD + endpointSelector, GatewayApiVersion.V1_5).isEmpty());
    assertTrue(
        of("SPL029", HEAD.replace("XBackend", "Backend") + endpointSelector, GatewayApiVersion.V1_6)
            .isEmpty());
  }
}
