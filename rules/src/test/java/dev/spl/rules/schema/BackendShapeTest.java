package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
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
    assertOne(
        of(
            "SPL029",
            HEAD
                + """
          type: ExternalHostname
          endpointSelector:
            sessionPersistence: {cookie: {name: s}}
        """),
        6,
        3,
        ": its sessionPersistence has no effect");
  }

  @Test
  void endpointSelectorTypeWithoutSelector() {
    assertOne(
        of("SPL029", HEAD + "  type: EndpointSelector\n"),
        5,
        3,
        "spec.endpointSelector is missing");
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
