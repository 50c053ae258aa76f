package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one list of kinds, and the kinds a webhook watches as the rules' inputs decide. */
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
        default -> assertEquals(Inputs.Kind.GATEWAY_CLASS, input);
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
}
