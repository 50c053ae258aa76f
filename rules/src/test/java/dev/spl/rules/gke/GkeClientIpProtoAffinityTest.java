package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.gke.GkeYaml.policy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GkeClientIpProtoAffinityTest {
  @ParameterizedTest
  @ValueSource(strings = {"CLIENT_IP_PROTO", "CLIENT_IP_PORT_PROTO"})
  void passthroughHashesAreRefused(String type) {
    var found =
        assertMarked(
            "SPL702", policy("type: " + type + "  # expect: SPL702 \"" + type + " suits\""));
    assertEquals(Severity.ERROR, found.get(0).severity());
  }

  @ParameterizedTest
  @ValueSource(strings = {"CLIENT_IP", "GENERATED_COOKIE", "HTTP_COOKIE", "HEADER_FIELD", "NONE"})
  void applicationLoadBalancerTypesPass(String type) {
    assertTrue(of("SPL702", policy("type: " + type)).isEmpty());
  }
}
