package dev.spl.rules.gke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class GkeAffinityFrontMismatchTest {
  private static final String SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: shop
        namespace: shop
        annotations:
          %s
      spec:
        ports:
        - {port: 80}
      ---
      """;

  private static String service(String annotation) {
    return SERVICE.formatted(annotation);
  }

  private static String config(String affinityType) {
    return """
        apiVersion: cloud.google.com/v1
        kind: BackendConfig
        metadata: {name: bc, namespace: shop}
        spec:
          sessionAffinity: {affinityType: %s}
        ---
        """
        .formatted(affinityType);
  }

  private static String gatewayRoute(String gatewayClass) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw, namespace: shop}
        spec:
          gatewayClassName: %s
          listeners: [{name: http, protocol: HTTP, port: 80}]
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          parentRefs: [{name: gw}]
          rules: [{backendRefs: [{name: shop, port: 80}]}]
        ---
        """
        .formatted(gatewayClass);
  }

  private static String policy(String type) {
    return """
        apiVersion: networking.gke.io/v1
        kind: GCPBackendPolicy
        metadata: {name: p, namespace: shop}
        spec:
          default: {sessionAffinity: {type: %s}}
          targetRef: {group: "", kind: Service, name: shop}
        ---
        """
        .formatted(type);
  }

  private static final String GCE_INGRESS =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: ing
        namespace: shop
        annotations: {kubernetes.io/ingress.class: gce}
      spec:
        defaultBackend: {service: {name: shop, port: {number: 80}}}
      """;

  private static final String BC = "cloud.google.com/backend-config: '{\"default\": \"bc\"}'";

  private static List<Finding> found(String yaml) {
    return Lint.of("SPL707", yaml);
  }

  @Test
  void aBackendConfigsAffinityDoesNotReachAGkeGateway() {
    List<Finding> f = found(service(BC) + config("CLIENT_IP") + gatewayRoute("gke-l7-rilb"));
    assertEquals(1, f.size());
    assertEquals(
        "CLIENT_IP affinity in BackendConfig bc is lost on GKE Gateway gw: add a GCPBackendPolicy",
        f.get(0).message());
    assertEquals("metadata.annotations[\"cloud.google.com/backend-config\"]", f.get(0).field());
    assertEquals(2, f.get(0).related().size(), "the route's backendRef and the BackendConfig");
  }

  @Test
  void theOlderBetaKeyAndPerPortNamesCountToo() {
    String beta = "beta.cloud.google.com/backend-config: '{\"ports\": {\"http\": \"bc\"}}'";
    List<Finding> f =
        found(service(beta) + config("GENERATED_COOKIE") + gatewayRoute("gke-l7-gxlb"));
    assertEquals(1, f.size());
    assertEquals(
        "metadata.annotations[\"beta.cloud.google.com/backend-config\"]", f.get(0).field());
  }

  @Test
  void noFindingWhenTheGatewayIsServedOrIsNotGkes() {
    String base = service(BC) + config("GENERATED_COOKIE");
    assertTrue(found(base + gatewayRoute("istio")).isEmpty(), "another implementation's Gateway");
    assertTrue(
        found(base + gatewayRoute("gke-l7-rilb") + policy("GENERATED_COOKIE")).isEmpty(),
        "a GCPBackendPolicy pins the Gateway's clients");
    assertEquals(
        1,
        found(base + gatewayRoute("gke-l7-rilb") + policy("NONE")).size(),
        "a policy of type NONE pins nobody");
    assertTrue(
        found(service(BC) + config("NONE") + gatewayRoute("gke-l7-rilb")).isEmpty(),
        "a BackendConfig without affinity");
    assertTrue(
        found(service(BC) + gatewayRoute("gke-l7-rilb")).isEmpty(),
        "the BackendConfig is not in sight: spl cannot tell");
    assertTrue(
        found(service("cloud.google.com/backend-config: 'not json'") + gatewayRoute("gke-l7-rilb"))
            .isEmpty());
  }

  @Test
  void aPolicysAffinityDoesNotReachAGceIngress() {
    List<Finding> f = found(service("x: y") + policy("CLIENT_IP") + GCE_INGRESS);
    assertEquals(1, f.size());
    assertEquals("spec.default.sessionAffinity.type", f.get(0).field());
    assertEquals(
        "GKE's Ingress ing reads BackendConfig, not this policy: its clients of Service shop are"
            + " not pinned",
        f.get(0).message());
  }

  @Test
  void noFindingWhenTheIngressHasItsOwnAffinityOrIsNotGkes() {
    assertTrue(
        found(service(BC) + config("GENERATED_COOKIE") + policy("CLIENT_IP") + GCE_INGRESS)
            .isEmpty(),
        "the BackendConfig pins the Ingress's clients");
    assertTrue(
        found(service(BC) + policy("CLIENT_IP") + GCE_INGRESS).isEmpty(),
        "the BackendConfig it names is not in sight");
    assertTrue(
        found(service("x: y") + policy("CLIENT_IP") + GCE_INGRESS.replace("gce", "nginx"))
            .isEmpty(),
        "ingress-nginx does not read either");
    assertTrue(found(service("x: y") + policy("NONE") + GCE_INGRESS).isEmpty());
  }
}
