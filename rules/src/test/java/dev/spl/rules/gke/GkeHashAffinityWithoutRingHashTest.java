package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.gke.GkeYaml.policy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GkeHashAffinityWithoutRingHashTest {
  /** A GCPTrafficDistributionPolicy in {@code namespace} for Service {@code service}. */
  static String distribution(String namespace, String service, String config) {
    return """
        ---
        apiVersion: networking.gke.io/v1
        kind: GCPTrafficDistributionPolicy
        metadata: {name: spread, namespace: %s}
        spec:
          targetRefs: [{group: "", kind: Service, name: %s}]
        %s
        """
        .formatted(namespace, service, config == null ? "" : "  default: " + config);
  }

  @ParameterizedTest
  @ValueSource(strings = {"HTTP_COOKIE", "HEADER_FIELD"})
  void aHashWithoutAHashingBalancerIsIgnored(String type) {
    var found =
        assertMarked(
            "SPL705",
            policy(
                "type: "
                    + type
                    + "  # expect: SPL705 \""
                    + type
                    + " is ignored: Service store"
                    + " is balanced ROUND_ROBIN (no GCPTrafficDistributionPolicy)\""));
    assertEquals(Severity.WARNING, found.get(0).severity());
  }

  @Test
  void aDistributionPolicyThatDoesNotHashIsNamed() {
    var found =
        assertMarked(
            "SPL705",
            policy(
                    "type: HTTP_COOKIE  # expect: SPL705 \"balanced LEAST_REQUEST"
                        + " (GCPTrafficDistributionPolicy)\"")
                + distribution("shop", "store", "{localityLbAlgorithm: LEAST_REQUEST}"));
    assertEquals(1, found.get(0).related().size());
    // a policy without an algorithm leaves GKE's ROUND_ROBIN
    assertMarked(
        "SPL705",
        policy(
                "type: HTTP_COOKIE  # expect: SPL705 \"balanced ROUND_ROBIN"
                    + " (GCPTrafficDistributionPolicy)\"")
            + distribution("shop", "store", "{serviceLbAlgorithm: SPRAY_TO_REGION}"));
    assertMarked(
        "SPL705",
        policy("type: HTTP_COOKIE  # expect: SPL705 \"ROUND_ROBIN (GCPTrafficDistribution\"")
            + distribution("shop", "store", null));
  }

  @ParameterizedTest
  @ValueSource(strings = {"RING_HASH", "MAGLEV"})
  void aHashingBalancerHonoursIt(String algorithm) {
    String yaml =
        policy("type: HEADER_FIELD")
            + distribution("shop", "store", "{localityLbAlgorithm: " + algorithm + "}");
    assertTrue(of("SPL705", yaml).isEmpty());
    // one hashing policy among several is enough
    assertTrue(
        of(
                "SPL705",
                yaml.replace("name: spread", "name: other")
                    + distribution("shop", "store", "{localityLbAlgorithm: " + algorithm + "}"))
            .isEmpty());
  }

  @Test
  void onlyTheServicesOwnDistributionPolicyCounts() {
    String ringHash = "{localityLbAlgorithm: RING_HASH}";
    assertMarked(
        "SPL705",
        policy("type: HTTP_COOKIE  # expect: SPL705 \"(no GCPTrafficDistributionPolicy)\"")
            + distribution("infra", "store", ringHash));
    assertMarked(
        "SPL705",
        policy("type: HTTP_COOKIE  # expect: SPL705 \"(no GCPTrafficDistributionPolicy)\"")
            + distribution("shop", "cart", ringHash));
  }

  @ParameterizedTest
  @ValueSource(strings = {"GENERATED_COOKIE", "CLIENT_IP", "NONE"})
  void affinitiesThatDoNotHashAKeyPass(String type) {
    assertTrue(of("SPL705", policy("type: " + type)).isEmpty());
  }

  @Test
  void aServiceImportIsNotJudged() {
    String yaml =
        policy("type: HTTP_COOKIE")
            .replace(
                "{group: \"\", kind: Service, name: store}",
                "{group: net.gke.io, kind: ServiceImport, name: store}");
    assertTrue(yaml.contains("ServiceImport"));
    assertTrue(of("SPL705", yaml).isEmpty());
  }
}
