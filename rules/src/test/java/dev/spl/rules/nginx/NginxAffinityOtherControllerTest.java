package dev.spl.rules.nginx;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class NginxAffinityOtherControllerTest {
  private static String classAndIngress(String controller, String affinity) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: web}
        spec: {controller: %s}
        ---
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations:
            nginx.ingress.kubernetes.io/affinity: %s
        spec:
          ingressClassName: web
          defaultBackend: {service: {name: shop, port: {number: 80}}}
        """
        .formatted(controller, affinity);
  }

  @Test
  void eachKnownControllerIsNamedWithWhereItsAffinityGoes() {
    for (List<String> c :
        List.of(
            List.of("nginx.org/ingress-controller", "F5 NGINX", "nginx.org/sticky-cookie-services"),
            List.of("haproxy-ingress.github.io/controller", "HAProxy Ingress", "affinity"),
            List.of(
                "haproxy.org/ingress-controller",
                "HAProxy (haproxytech)",
                "haproxy.org/cookie-persistence on the Service"),
            List.of("traefik.io/ingress-controller", "Traefik", "on the Service"))) {
      List<Finding> f = of("SPL209", classAndIngress(c.get(0), "cookie"));
      assertEquals(1, f.size(), c + ": " + f);
      assertTrue(f.get(0).message().startsWith(c.get(1)), f::toString);
      assertTrue(f.get(0).message().contains(c.get(2)), f::toString);
      assertEquals(
          "metadata.annotations[\"nginx.ingress.kubernetes.io/affinity\"]",
          f.get(0).field().toString());
    }
  }

  @Test
  void ingressNginxsOwnClassAnUnknownControllerOrNoClassInSightSaysNothing() {
    assertEquals(List.of(), of("SPL209", classAndIngress("k8s.io/ingress-nginx", "cookie")));
    assertEquals(List.of(), of("SPL209", classAndIngress("example.com/other", "cookie")));
    String noClass =
        classAndIngress("nginx.org/ingress-controller", "cookie")
            .substring(classAndIngress("", "").indexOf("---") + 4);
    assertEquals(List.of(), of("SPL209", noClass), "without the IngressClass spl cannot know");
  }

  @Test
  void aClassNamedAfterItsControllerStillCounts() {
    // ingress-nginx's class-name guess ("haproxy" is another controller's) must not hide it
    String named =
        classAndIngress("haproxy-ingress.github.io/controller", "cookie")
            .replace("{name: web}", "{name: haproxy}")
            .replace("ingressClassName: web", "ingressClassName: haproxy");
    assertEquals(1, of("SPL209", named).size(), named);
  }

  @Test
  void anAffinityThatPinnedNothingIsNotReportedAgain() {
    assertEquals(List.of(), of("SPL209", classAndIngress("nginx.org/ingress-controller", "ip")));
  }
}
