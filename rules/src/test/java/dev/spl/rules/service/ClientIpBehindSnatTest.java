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
  void servicesReachedThroughNodesWhateverThePolicy(String type) {
    // each node's kube-proxy keeps its own affinity table; Local does not change that
    for (String policy : new String[] {null, "Cluster", "Local"}) {
      assertMarked(
          "SPL150",
          service(type, policy, "  # expect: SPL150 \"is per node: a client spread over nodes\""));
    }
  }

  @Test
  void anNlbThatPinsClientsItselfIsOneTable() {
    String sticky =
        service("LoadBalancer", null)
            .replace(
                "metadata: {name: s}",
                "metadata:\n  name: s\n  annotations:\n"
                    + "    service.beta.kubernetes.io/aws-load-balancer-target-group-attributes:"
                    + " stickiness.enabled=true,stickiness.type=source_ip");
    assertTrue(of("SPL150", sticky).isEmpty(), sticky);
  }

  @Test
  void clusterIpServicesAreNotExposedThroughNodes() {
    assertTrue(of("SPL150", service("ClusterIP", null)).isEmpty());
  }
}
