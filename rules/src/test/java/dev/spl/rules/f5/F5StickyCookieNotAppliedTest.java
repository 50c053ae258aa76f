package dev.spl.rules.f5;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class F5StickyCookieNotAppliedTest {
  private static final String F5_CLASS =
      """
      apiVersion: networking.k8s.io/v1
      kind: IngressClass
      metadata: {name: nginx}
      spec: {controller: nginx.org/ingress-controller}
      ---
      """;

  private static String ingress(String annotations) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations:
        %s
        spec:
          ingressClassName: nginx
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
              - {path: /cart, pathType: Prefix, backend: {service: {name: cart, port: {number: 80}}}}
        """
        .formatted(annotations.indent(4).stripTrailing());
  }

  private static List<Finding> lint(String yaml) {
    return of("SPL231", yaml);
  }

  @Test
  void ingressNginxsAffinityAloneIsSpl209s() {
    assertEquals(
        List.of(), lint(F5_CLASS + ingress("nginx.ingress.kubernetes.io/affinity: cookie")));
  }

  @Test
  void oneMalformedEntryDropsTheWholeAnnotation() {
    for (String value :
        List.of(
            "serviceName=shop SHOP;",
            // Go's SplitN on the space after ';' leaves an empty service name
            "serviceName=shop SHOP; serviceName=cart CART",
            "serviceName=shop SHOP;serviceName=cart",
            "shop SHOP",
            "serviceName=shop SHOP path=/$uri",
            "serviceName=shop \"SHOP\"")) {
      List<Finding> f =
          lint(F5_CLASS + ingress("nginx.org/sticky-cookie-services: '" + value + "'"));
      assertEquals(1, f.size(), value + ": " + f);
      assertTrue(f.get(0).message().contains("drops the whole annotation"), f::toString);
    }
  }

  @Test
  void anEntryForAServiceThisIngressDoesNotRouteToPinsNothing() {
    List<Finding> f =
        lint(
            F5_CLASS
                + ingress(
                    "nginx.org/sticky-cookie-services: \"serviceName=shop SHOP;serviceName=carts"
                        + " CART\""));
    assertEquals(1, f.size(), f::toString);
    assertTrue(f.get(0).message().contains("serviceName=carts is no backend"), f::toString);
    // a mergeable Ingress's backends are spread over its master and minions
    assertEquals(
        List.of(),
        lint(
            F5_CLASS
                + ingress(
                    "nginx.org/sticky-cookie-services: \"serviceName=carts CART\"\n"
                        + "nginx.org/mergeable-ingress-type: minion")));
  }

  @Test
  void bothKeysWrittenTheNginxComOneIsIgnored() {
    List<Finding> f =
        lint(
            F5_CLASS
                + ingress(
                    "nginx.org/sticky-cookie-services: \"serviceName=shop SHOP\"\n"
                        + "nginx.com/sticky-cookie-services: \"serviceName=shop OLD\""));
    assertEquals(1, f.size(), f::toString);
    assertEquals(
        "metadata.annotations[\"nginx.com/sticky-cookie-services\"]", f.get(0).field().toString());
  }

  @Test
  void wellFormedEntriesForEachBackendPass() {
    String good =
        ingress(
            "nginx.org/sticky-cookie-services: \"serviceName=shop SHOP expires=1h httponly"
                + " samesite=lax secure path=/;serviceName=cart CART path=/cart\"");
    assertEquals(List.of(), lint(F5_CLASS + good));
    // no IngressClass in sight, F5's own key and no ingress-nginx one: judged as F5's
    assertEquals(List.of(), lint(good));
    assertEquals(
        1, lint(good.replace("serviceName=cart", "serviceName=carts")).size(), "judged as F5's");
  }
}
