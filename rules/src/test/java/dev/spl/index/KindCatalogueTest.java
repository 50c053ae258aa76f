package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.model.AttachmentPoint;
import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kinds spl reads, and the kinds a webhook watches as the rules' inputs decide. */
class KindCatalogueTest {
  @Test
  void aResourceFindsItsRoleAttachmentAndTargetingOnceWhenLoaded() {
    Resource route = load("apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute");
    assertEquals(KindRole.ROUTE, route.role());
    assertEquals(AttachmentPoint.ROUTE_RULE, route.attachment());
    assertFalse(route.isReferenceTarget(), "nothing names a route");
    Resource backend = load("apiVersion: gateway.networking.x-k8s.io/v1alpha1\nkind: XBackend");
    assertEquals(KindRole.BACKEND, backend.role());
    assertEquals(AttachmentPoint.BACKEND, backend.attachment());
    assertTrue(backend.isReferenceTarget());
    Resource policy = load("apiVersion: gateway.networking.k8s.io/v1alpha2\nkind: BackendLBPolicy");
    assertEquals(AttachmentPoint.POLICY, policy.attachment());
    Resource service = load("apiVersion: v1\nkind: Service");
    assertEquals(KindRole.SERVICE, service.role());
    assertNull(service.attachment(), "affinity is no sessionPersistence object");
    assertTrue(service.isReferenceTarget());
    assertEquals(
        KindRole.INGRESS,
        load("apiVersion: extensions/v1beta1\nkind: Ingress").role(),
        "an Ingress of the removed extensions group is still an Ingress");
    Resource knative = load("apiVersion: serving.knative.dev/v1\nkind: Service");
    assertEquals(KindRole.NONE, knative.role(), "Knative's Service is no Service");
    assertFalse(knative.isReferenceTarget());
    Resource istioGateway = load("apiVersion: networking.istio.io/v1\nkind: Gateway");
    assertEquals(KindRole.NONE, istioGateway.role(), "Istio's Gateway is no Gateway API Gateway");
    assertEquals(KindRole.NONE, load("apiVersion: v1\nkind: ConfigMap").role());
    assertEquals(
        KindRole.NONE,
        load("apiVersion: traefik.io/v1alpha1\nkind: IngressRoute").role(),
        "read by single-object rules only");
    assertEquals(
        KindRole.SERVICE_POLICY,
        load("apiVersion: networking.istio.io/v1\nkind: DestinationRule").role(),
        "a DestinationRule names its Service by host (SPL303)");
  }

  @Test
  void everyCataloguedKindHasOneEntryAndAttachmentsOnlyWhereTheRoleCarriesThem() {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (KindCatalogue.Kind k : KindCatalogue.all()) {
      assertTrue(seen.add(k.label()), "listed twice: " + k.label());
      assertEquals(k, KindCatalogue.find(k.group(), k.kind()));
      boolean carries =
          k.role() == KindRole.ROUTE || k.role() == KindRole.POLICY || k.role() == KindRole.BACKEND;
      assertEquals(carries, k.attachment() != null, k.label());
      if (k.attachment() != null) {
        assertTrue(
            BuiltInRules.reviewedKinds().contains(k),
            "what carries persistence is reviewed: " + k.label());
      }
    }
    assertEquals(
        List.of("HTTPRoute", "GRPCRoute"),
        KindCatalogue.withRole(KindRole.ROUTE).stream().map(KindCatalogue.Kind::kind).toList());
    assertEquals(
        KindRole.BACKEND, new ObjectKey("gateway.networking.k8s.io", "Backend", "a", "b").role());
    assertEquals(
        new ObjectKey("gateway.networking.x-k8s.io", "XBackend", "a", "b").normalized(),
        new ObjectKey("gateway.networking.k8s.io", "Backend", "a", "b").normalized(),
        "Backend and XBackend are one target");
  }

  private static Resource load(String yaml) {
    return new dev.spl.load.ManifestLoader()
        .loadText("t.yaml", yaml + "\nmetadata: {name: a, namespace: n}\n")
        .resources()
        .get(0);
  }

  @Test
  void aWebhookWatchesWhatItReviewsAndWhatTheRulesRead() {
    List<KindCatalogue.Kind> reviewed = BuiltInRules.reviewedKinds();
    assertEquals(reviewed, Inputs.NONE.watched(reviewed), "nothing read: only the reviewed kinds");
    List<KindCatalogue.Kind> gateways =
        Inputs.of(KindRole.GATEWAY, "gatewayClassName").watched(reviewed);
    assertTrue(gateways.stream().anyMatch(k -> k.kind().equals("Gateway")));
    assertFalse(gateways.stream().anyMatch(k -> k.kind().equals("GatewayClass")));
    List<KindCatalogue.Kind> builtIn = BuiltInRules.watchedKinds();
    assertTrue(
        builtIn.stream().anyMatch(k -> k.kind().equals("HorizontalPodAutoscaler")),
        "SPL207 reads autoscalers");
    assertTrue(builtIn.stream().anyMatch(k -> k.kind().equals("Ingress") && reviewed.contains(k)));
    assertTrue(
        builtIn.stream().anyMatch(k -> k.kind().equals("DestinationRule") && reviewed.contains(k)));
  }

  @Test
  void annotationsAreReadByPrefixPerKind() {
    Inputs nginx = Inputs.NONE.andAnnotations(KindRole.INGRESS, "nginx.ingress.kubernetes.io/");
    assertTrue(nginx.reads(KindRole.INGRESS), "reading annotations reads the kind");
    KindCatalogue.Kind ingress = KindCatalogue.find("networking.k8s.io", "Ingress");
    KindCatalogue.Kind service = KindCatalogue.find("", "Service");
    assertTrue(nginx.readsAnnotation(ingress, "nginx.ingress.kubernetes.io/affinity"));
    assertFalse(nginx.readsAnnotation(ingress, "kubernetes.io/ingress.class"));
    assertFalse(nginx.readsAnnotation(service, "nginx.ingress.kubernetes.io/affinity"));
    Inputs both = Inputs.union(List.of(nginx, Inputs.of(KindRole.SERVICE)));
    assertTrue(both.readsAnnotation(ingress, "nginx.ingress.kubernetes.io/x"));
  }

  @Test
  void reviewedKindsAreLookedUpByGroupAndKind() {
    assertTrue(BuiltInRules.isReviewed("", "Service"));
    assertTrue(BuiltInRules.isReviewed(null, "Service"));
    assertTrue(BuiltInRules.isReviewed("gateway.networking.k8s.io", "HTTPRoute"));
    assertFalse(
        BuiltInRules.isReviewed("gateway.networking.k8s.io", "Gateway"), "read, not reviewed");
    assertFalse(BuiltInRules.isReviewed("example.com", "HTTPRoute"));
    assertEquals("gateway.networking.k8s.io/HTTPRoute", KindCatalogue.all().get(1).label());
    assertEquals("Service", KindCatalogue.all().get(0).label());
  }

  @Test
  void inputsJoinAndAnswerByPath() {
    Inputs a = Inputs.of(KindRole.ROUTE, "rules.backendRefs");
    Inputs b = Inputs.of(KindRole.ROUTE, "hostnames").and(KindRole.SERVICE);
    Inputs both = Inputs.union(List.of(a, b));
    assertTrue(both.reads(KindRole.SERVICE));
    assertFalse(both.reads(KindRole.GATEWAY));
    assertTrue(both.reads(KindRole.ROUTE, "rules.backendRefs"));
    assertTrue(both.reads(KindRole.ROUTE, "rules.backendRefs.name"), "below a declared path");
    assertFalse(both.reads(KindRole.ROUTE, "rules"), "above it");
    assertFalse(both.reads(KindRole.ROUTE, "rules.backendRefsX"));
    assertTrue(both.reads(KindRole.ROUTE, "hostnames"));
  }

  @Test
  void kindsAboutSessionsAreTheReviewedOnesAndTheGatewaysTheyMeet() {
    assertTrue(BuiltInRules.isAboutSessions("gateway.networking.k8s.io", "HTTPRoute"));
    assertTrue(BuiltInRules.isAboutSessions("", "Service"));
    assertTrue(BuiltInRules.isAboutSessions("networking.k8s.io", "Ingress"));
    assertTrue(BuiltInRules.isAboutSessions("gateway.networking.k8s.io", "Gateway"), "met");
    assertTrue(BuiltInRules.isAboutSessions("gateway.networking.k8s.io", "GatewayClass"));
    assertTrue(BuiltInRules.isAboutSessions(null, "HTTPRoute"), "any group when none is known");
    assertFalse(BuiltInRules.isAboutSessions("apps", "Deployment"), "read, but kube-linter's");
    assertFalse(BuiltInRules.isAboutSessions("autoscaling", "HorizontalPodAutoscaler"));
    assertFalse(BuiltInRules.isAboutSessions("example.com", "HTTPRoute"), "another group");
    assertFalse(BuiltInRules.isAboutSessions("", "ConfigMap"));
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
    return dev.spl.load.SessionWords.writtenIn(
        new dev.spl.load.YamlStreamReader(dev.spl.load.LoadLimits.defaults())
            .read("t.yaml", yaml)
            .get(0)
            .root());
  }
}
