package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class DeprecatedPolicyAttachmentTest {
  static final String POLICY =
      """
      apiVersion: gateway.networking.x-k8s.io/v1alpha1
      kind: XBackendTrafficPolicy
      metadata: {name: p}
      spec:
        targetRefs: [{group: "", kind: Service, name: svc}]
        sessionPersistence: %s
      """;

  @Test
  void policyUnderTheBackendProposal() {
    assertMarked(
        "SPL121",
        POLICY.formatted(
            "{cookie: {name: s}}  # expect: SPL121 \"XBackendTrafficPolicy is deprecated\""),
        GatewayApiVersion.GEP_1619_BACKEND);
  }

  @Test
  void notDeprecatedInReleasesNorUpstreamMain() {
    assertTrue(
        of("SPL121", POLICY.formatted("{sessionName: s}"), GatewayApiVersion.V1_4).isEmpty());
    assertTrue(
        of("SPL121", POLICY.formatted("{cookie: {name: s}}"), GatewayApiVersion.MAIN).isEmpty());
  }
}
