package dev.spl.rules.service;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientIpBehindSnatTest {
  static String service(String type, String policy) {
    return "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  type: "
        + type
        + "\n  sessionAffinity: ClientIP\n"
        + (policy == null ? "" : "  externalTrafficPolicy: " + policy + "\n");
  }

  @ParameterizedTest
  @CsvSource({"NodePort", "LoadBalancer"})
  void externalServicesWithDefaultPolicy(String type) {
    assertOne(of("SPL150", service(type, null)), 6, 3, "externalTrafficPolicy Cluster");
    assertOne(
        of("SPL150", service(type, "Cluster")),
        6,
        3,
        "externalTrafficPolicy Cluster; set it to Local");
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
