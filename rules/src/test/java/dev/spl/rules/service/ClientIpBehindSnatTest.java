package dev.spl.rules.service;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

  /** A Service selecting app: web, and {@code more} (workloads, autoscalers) beside it. */
  private static String withWorkloads(String more) {
    return service("LoadBalancer", null).replace("spec:\n", "spec:\n  selector: {app: web}\n")
        + more;
  }

  private static String deployment(String kind, String name, String replicas) {
    return "---\napiVersion: apps/v1\nkind: "
        + kind
        + "\nmetadata: {name: "
        + name
        + "}\nspec:\n"
        + (replicas == null ? "" : "  replicas: " + replicas + "\n")
        + "  selector: {matchLabels: {app: web}}\n"
        + "  template:\n    metadata: {labels: {app: web, tier: front}}\n";
  }

  private static String hpa(String target, int max) {
    return "---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\n"
        + "spec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: "
        + target
        + "}\n  minReplicas: 1\n  maxReplicas: "
        + max
        + "\n";
  }

  @ParameterizedTest
  @CsvSource({"Deployment,1", "Deployment,0", "StatefulSet,1", "Deployment,"})
  void oneSelectedPodHasNoOtherPodToMeet(String kind, String replicas) {
    // the chart collections' single-replica Services: no other pod, nothing to warn about
    String input = withWorkloads(deployment(kind, "web", replicas));
    assertTrue(of("SPL150", input).isEmpty(), input);
  }

  @Test
  void morePodsInAllOrAnAutoscalerAboveOneAreOtherPods() {
    assertEquals(1, of("SPL150", withWorkloads(deployment("Deployment", "web", "2"))).size());
    assertEquals(
        1,
        of(
                "SPL150",
                withWorkloads(
                    deployment("Deployment", "web", "1") + deployment("StatefulSet", "db", "1")))
            .size(),
        "two workloads of one pod each behind one Service");
    assertEquals(
        1,
        of("SPL150", withWorkloads(deployment("Deployment", "web", "1") + hpa("web", 5))).size());
    assertTrue(
        of("SPL150", withWorkloads(deployment("Deployment", "web", "1") + hpa("web", 1))).isEmpty(),
        "an autoscaler that keeps one pod");
  }

  @Test
  void workloadsThatAreNotSelectedOrNotInSightChangeNothing() {
    // the selector matches no workload in sight: as before, a warning
    assertEquals(
        1,
        of(
                "SPL150",
                withWorkloads(
                    deployment("Deployment", "web", "1").replace("app: web, ", "app: api, ")))
            .size());
    assertEquals(1, of("SPL150", withWorkloads("")).size());
  }
}
