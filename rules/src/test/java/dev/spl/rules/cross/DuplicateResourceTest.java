package dev.spl.rules.cross;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class DuplicateResourceTest {
  private static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: cart, namespace: %s}
      spec:
        parentRefs: [{name: public}]
        hostnames: [shop.example.com]
        rules:
        - backendRefs: [{name: cart}]
          sessionPersistence: {sessionName: cart-session}
      """;

  @Test
  void twoCopiesWithOtherPersistenceAreOneWarningNotACollisionWithItself() {
    String twice =
        ROUTE.formatted("shop")
            + "---\n"
            + ROUTE
                .formatted("shop")
                .replace("cart, namespace: shop}", "cart, namespace: shop}  # expect: SPL104")
                .replace("cart-session", "other-session");
    Finding f = Lint.assertOnlyMarked(twice, GatewayApiVersion.V1_6).get(0);
    assertTrue(f.message().contains("defined twice, with different session persistence"));
    assertEquals(1, f.related().get(0).position().line());
  }

  @Test
  void identicalCopiesOrCopiesWithoutPersistencePinTheSameSessions() {
    String twice = ROUTE.formatted("shop") + "---\n" + ROUTE.formatted("shop");
    assertEquals(List.of(), Lint.lint(twice, GatewayApiVersion.V1_6));
    String bare = ROUTE.formatted("shop").replaceAll("\n\\s*sessionPersistence:[^\n]*", "");
    assertTrue(!bare.contains("sessionPersistence"), bare);
    assertEquals(
        List.of(),
        of("SPL104", bare + "---\n" + bare.replace("cart}", "cart-v2}"), GatewayApiVersion.V1_6));
    // one copy sticky, the other not: which one wins decides whether sessions stick
    List<Finding> one =
        of("SPL104", ROUTE.formatted("shop") + "---\n" + bare, GatewayApiVersion.V1_6);
    assertEquals(1, one.size(), one::toString);
  }

  @Test
  void theSameNameInAnotherNamespaceIsAnotherObject() {
    String two = ROUTE.formatted("shop") + "---\n" + ROUTE.formatted("staging");
    assertTrue(of("SPL104", two, GatewayApiVersion.V1_6).isEmpty());
    // ...while two routes on one hostname with one cookie name still collide (SPL103).
    String renamed = ROUTE.formatted("shop").replace("name: cart,", "name: cart2,");
    String collide = ROUTE.formatted("shop") + "---\n" + renamed;
    assertEquals(1, of("SPL103", collide, GatewayApiVersion.V1_6).size());
  }

  @Test
  void aServicesCopiesDifferInTheirAffinity() {
    String svc =
        "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: shop}\nspec: {%s}\n";
    String clientIp = svc.formatted("sessionAffinity: ClientIP");
    String longer =
        svc.formatted(
            "sessionAffinity: ClientIP, sessionAffinityConfig: {clientIP: {timeoutSeconds: 60}}");
    String none = svc.formatted("sessionAffinity: None");
    String bare = svc.formatted("");
    assertEquals(1, of("SPL104", clientIp + "---\n" + none, GatewayApiVersion.V1_6).size());
    assertEquals(1, of("SPL104", clientIp + "---\n" + longer, GatewayApiVersion.V1_6).size());
    assertEquals(1, of("SPL104", bare + "---\n" + clientIp, GatewayApiVersion.V1_6).size());
    assertTrue(of("SPL104", clientIp + "---\n" + clientIp, GatewayApiVersion.V1_6).isEmpty());
    assertTrue(
        of("SPL104", none + "---\n" + bare, GatewayApiVersion.V1_6).isEmpty(), "no affinity");
  }
}
