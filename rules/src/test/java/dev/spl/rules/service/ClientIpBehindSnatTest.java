package dev.spl.rules.service;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientIpBehindSnatTest {
  static String service(String type, String policy) {
    return service(type, policy, "");
  }

  /** A Service of {@code type}; {@code marker} ends its sessionAffinity line. */
  static String service(String type, String policy, String marker) {
    return "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  type: "
        + type
        + "\n  sessionAffinity: ClientIP"
        + marker
        + "\n"
        + (policy == null ? "" : "  externalTrafficPolicy: " + policy + "\n");
  }

  @ParameterizedTest
  @CsvSource({"NodePort", "LoadBalancer"})
  void externalServicesWithDefaultPolicy(String type) {
    assertMarked(
        "SPL150", service(type, null, "  # expect: SPL150 \"externalTrafficPolicy Cluster\""));
    assertMarked(
        "SPL150",
        service(
            type,
            "Cluster",
            "  # expect: SPL150 \"externalTrafficPolicy Cluster; set it to Local\""));
  }

  @Test
  void localPolicyKeepsClientAddresses() {
    assertTrue(of("SPL150", service("LoadBalancer", "Local")).isEmpty());
  }

  @Test
  void clusterIpServicesAreNotExposedThroughNodes() {
    assertTrue(of("SPL150", service("ClusterIP", null)).isEmpty());
  }
}
