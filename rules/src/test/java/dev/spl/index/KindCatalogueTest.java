package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The kinds spl reads, and the kinds a webhook watches as the rules' inputs decide. */
class KindCatalogueTest {
  @Test
  void everyKindHasItsInputKind() {
    for (KindCatalogue.Kind k : KindCatalogue.all()) {
      Inputs.Kind input = k.input();
      switch (k.kind()) {
        case "HTTPRoute", "GRPCRoute" -> assertEquals(Inputs.Kind.ROUTE, input);
        case "BackendLBPolicy", "XBackendTrafficPolicy" -> assertEquals(Inputs.Kind.POLICY, input);
        case "Backend", "XBackend" -> assertEquals(Inputs.Kind.BACKEND, input);
        case "Service" -> assertEquals(Inputs.Kind.SERVICE, input);
        case "Gateway" -> assertEquals(Inputs.Kind.GATEWAY, input);
        case "GatewayClass" -> assertEquals(Inputs.Kind.GATEWAY_CLASS, input);
        case "Ingress" -> assertEquals(Inputs.Kind.INGRESS, input);
        case "HorizontalPodAutoscaler" ->
            assertEquals(Inputs.Kind.HORIZONTAL_POD_AUTOSCALER, input);
        case "Deployment", "StatefulSet" -> assertEquals(Inputs.Kind.WORKLOAD, input);
        case "IngressClass" -> assertEquals(Inputs.Kind.INGRESS_CLASS, input);
        default -> assertEquals(null, input, k.kind() + " is read by single-object rules only");
      }
    }
  }

  @Test
  void aWebhookWatchesWhatItReviewsAndWhatTheRulesRead() {
    List<KindCatalogue.Kind> none = KindCatalogue.watched(Inputs.NONE);
    assertEquals(KindCatalogue.reviewed(), none, "nothing read: only the reviewed kinds");
    List<KindCatalogue.Kind> gateways =
        KindCatalogue.watched(Inputs.of(Inputs.Kind.GATEWAY, "gatewayClassName"));
    assertTrue(gateways.stream().anyMatch(k -> k.kind().equals("Gateway")));
    assertFalse(gateways.stream().anyMatch(k -> k.kind().equals("GatewayClass")));
    List<KindCatalogue.Kind> builtIn =
        KindCatalogue.watched(dev.spl.catalogue.BuiltInRules.indexInputs());
    assertTrue(
        builtIn.stream().anyMatch(k -> k.kind().equals("HorizontalPodAutoscaler")),
        "SPL207 reads autoscalers");
    assertTrue(builtIn.stream().anyMatch(k -> k.kind().equals("Ingress") && k.reviewed()));
    assertTrue(builtIn.stream().anyMatch(k -> k.kind().equals("DestinationRule") && k.reviewed()));
  }

  @Test
  void annotationsAreReadByPrefixPerKind() {
    Inputs nginx = Inputs.NONE.andAnnotations(Inputs.Kind.INGRESS, "nginx.ingress.kubernetes.io/");
    assertTrue(nginx.reads(Inputs.Kind.INGRESS), "reading annotations reads the kind");
    assertTrue(nginx.readsAnnotation(Inputs.Kind.INGRESS, "nginx.ingress.kubernetes.io/affinity"));
    assertFalse(nginx.readsAnnotation(Inputs.Kind.INGRESS, "kubernetes.io/ingress.class"));
    assertFalse(nginx.readsAnnotation(Inputs.Kind.SERVICE, "nginx.ingress.kubernetes.io/affinity"));
    Inputs both = Inputs.union(List.of(nginx, Inputs.of(Inputs.Kind.SERVICE)));
    assertTrue(both.readsAnnotation(Inputs.Kind.INGRESS, "nginx.ingress.kubernetes.io/x"));
  }

  @Test
  void reviewedKindsAreLookedUpByGroupAndKind() {
    assertTrue(KindCatalogue.isReviewed("", "Service"));
    assertTrue(KindCatalogue.isReviewed(null, "Service"));
    assertTrue(KindCatalogue.isReviewed("gateway.networking.k8s.io", "HTTPRoute"));
    assertFalse(
        KindCatalogue.isReviewed("gateway.networking.k8s.io", "Gateway"), "read, not reviewed");
    assertFalse(KindCatalogue.isReviewed("example.com", "HTTPRoute"));
    assertEquals("gateway.networking.k8s.io/HTTPRoute", KindCatalogue.all().get(1).label());
    assertEquals("Service", KindCatalogue.all().get(0).label());
  }

  @Test
  void inputsJoinAndAnswerByPath() {
    Inputs a = Inputs.of(Inputs.Kind.ROUTE, "rules.backendRefs");
    Inputs b = Inputs.of(Inputs.Kind.ROUTE, "hostnames").and(Inputs.Kind.SERVICE);
    Inputs both = Inputs.union(List.of(a, b));
    assertTrue(both.reads(Inputs.Kind.SERVICE));
    assertFalse(both.reads(Inputs.Kind.GATEWAY));
    assertTrue(both.reads(Inputs.Kind.ROUTE, "rules.backendRefs"));
    assertTrue(both.reads(Inputs.Kind.ROUTE, "rules.backendRefs.name"), "below a declared path");
    assertFalse(both.reads(Inputs.Kind.ROUTE, "rules"), "above it");
    assertFalse(both.reads(Inputs.Kind.ROUTE, "rules.backendRefsX"));
    assertTrue(both.reads(Inputs.Kind.ROUTE, "hostnames"));
  }

  @Test
  void kindsAboutSessionsAreTheReviewedOnesAndTheGatewaysTheyMeet() {
    assertTrue(KindCatalogue.isAboutSessions("gateway.networking.k8s.io", "HTTPRoute"));
    assertTrue(KindCatalogue.isAboutSessions("", "Service"));
    assertTrue(KindCatalogue.isAboutSessions("networking.k8s.io", "Ingress"));
    assertTrue(KindCatalogue.isAboutSessions("gateway.networking.k8s.io", "Gateway"), "met");
    assertTrue(KindCatalogue.isAboutSessions("gateway.networking.k8s.io", "GatewayClass"));
    assertTrue(KindCatalogue.isAboutSessions(null, "HTTPRoute"), "any group when none is known");
    assertFalse(KindCatalogue.isAboutSessions("apps", "Deployment"), "read, but kube-linter's");
    assertFalse(KindCatalogue.isAboutSessions("autoscaling", "HorizontalPodAutoscaler"));
    assertFalse(KindCatalogue.isAboutSessions("example.com", "HTTPRoute"), "another group");
    assertFalse(KindCatalogue.isAboutSessions("", "ConfigMap"));
  }

  @Test
  void objectsThatWriteAboutSessionsAreToldByTheirKeys() {
    assertTrue(writes("spec: {rules: [{sessionPersistence: {sessionName: a}}]}"));
    assertTrue(writes("spec: {sessionAffinity: ClientIP}"));
    assertTrue(writes("metadata: {annotations: {nginx.ingress.kubernetes.io/affinity: cookie}}"));
    assertTrue(writes("spec: {trafficPolicy: {loadBalancer: {consistentHash: {httpCookie: {}}}}}"));
    assertTrue(writes("spec: {services: [{name: a, sticky: {cookie: {}}}]}"));
    assertFalse(writes("spec: {rules: [{matches: [{queryParams: [{name: a, value: b}]}]}]}"));
    assertFalse(writes("metadata: {name: a, labels: {app: a}}\nspec: {ports: [{port: 80}]}"));
    assertFalse(
        writes("spec: {template: {spec: {affinity: {nodeAffinity: {}, podAntiAffinity: {}}}}}"),
        "scheduling affinity is no session");
  }

  private static boolean writes(String yaml) {
    return KindCatalogue.writesAboutSessions(
        new dev.spl.load.YamlStreamReader(dev.spl.load.LoadLimits.defaults())
            .read("t.yaml", yaml)
            .get(0)
            .root());
  }
}
