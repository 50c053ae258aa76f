package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
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

  @Test
  void onlyLatestHasTheAttachment() {
    assertTrue(of("SPL029", HEAD + "  type: EndpointSelector\n", GatewayApiVersion.V1_6).isEmpty());
  }
}
