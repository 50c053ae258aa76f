package dev.spl.rules.traefik;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TraefikServiceStickyCookieSharedTest {
  private static String service(String name, String... annotations) {
    StringBuilder a = new StringBuilder();
    for (String ann : annotations) {
      a.append("\n    traefik.ingress.kubernetes.io/service.sticky.cookie").append(ann);
    }
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: %s
          namespace: shop
          annotations:%s
        spec: {ports: [{port: 80}]}
        ---
        """
        .formatted(name, a.length() == 0 ? " {}" : a);
  }

  private static String ingress(String name, String cls, String host, String... services) {
    StringBuilder paths = new StringBuilder();
    for (String s : services) {
      paths.append(
          """
                - path: /%s
                  pathType: Prefix
                  backend: {service: {name: %s, port: {number: 80}}}
          """
              .formatted(s, s));
    }
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata: {name: %s, namespace: shop}
        spec:
          %s
          rules:
          - %s
            http:
              paths:
        %s---
        """
        .formatted(
            name,
            cls == null ? "" : "ingressClassName: " + cls,
            host == null ? "" : "host: " + host,
            paths);
  }

  private static final String CLASSES =
      """
      apiVersion: networking.k8s.io/v1
      kind: IngressClass
      metadata: {name: edge}
      spec: {controller: traefik.io/ingress-controller}
      ---
      apiVersion: networking.k8s.io/v1
      kind: IngressClass
      metadata: {name: nginx}
      spec: {controller: k8s.io/ingress-nginx}
      ---
      """;

  @Test
  void twoServicesOfOneHostAcrossIngressesCollide() {
    var found =
        of(
            "SPL504",
            CLASSES
                + service("app", ": \"true\"", ".name: portal")
                + service("api", ".name: portal")
                + ingress("a", "edge", "portal.example", "app")
                + ingress("b", "edge", "portal.example", "api"));
    assertEquals(1, found.size(), found::toString);
    assertEquals("api", found.get(0).resource().name());
    assertTrue(
        found.get(0).message().contains("on portal.example is Service app's too (Ingress a)"),
        found.get(0).message());
    assertEquals(3, found.get(0).related().size(), "the other Service and both paths");
  }

  @Test
  void oneIngressWithThreeServicesGivesTwoFindings() {
    var found =
        of(
            "SPL504",
            service("app", ".name: portal")
                + service("api", ".name: portal")
                + service("admin", ".name: portal")
                + ingress("a", "traefik", "portal.example", "app", "api", "admin"));
    assertEquals(2, found.size(), found::toString);
  }

  @Test
  void namesPathsHostsAndOtherControllersApartDoNot() {
    // other paths, a derived name, stickiness turned off, another host
    assertTrue(
        of(
                "SPL504",
                service("app", ".name: portal")
                    + service("api", ".name: portal", ".path: /api")
                    + service("web", ": \"true\"")
                    + service("old", ": \"false\"", ".name: portal")
                    + service("www", ".name: portal")
                    + ingress("a", null, "portal.example", "app", "api", "web", "app")
                    + ingress("b", null, "www.example", "www"))
            .isEmpty());
    // Ingresses another controller serves: Traefik never reads the Services' annotations
    assertTrue(
        of(
                "SPL504",
                CLASSES
                    + service("app", ".name: portal")
                    + service("api", ".name: portal")
                    + ingress("a", "nginx", "portal.example", "app", "api"))
            .isEmpty());
    assertTrue(
        of(
                "SPL504",
                service("app", ".name: portal")
                    + service("api", ".name: portal")
                    + ingress("a", "haproxy", "portal.example", "app", "api"))
            .isEmpty());
  }
}
