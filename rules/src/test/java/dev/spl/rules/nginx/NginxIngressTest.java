package dev.spl.rules.nginx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import org.junit.jupiter.api.Test;

/** Which Ingresses are ingress-nginx's, and how their annotations read. */
class NginxIngressTest {
  private static NginxIngress read(String yaml) {
    Resource r = new ManifestLoader().loadText("t.yaml", yaml).resources().get(0);
    return NginxIngress.of(r);
  }

  @Test
  void theClassDecidesFirst() {
    assertNotNull(read(NginxYaml.ingressOf("a", "nginx", "s")), "class nginx, no annotations");
    assertNotNull(read(NginxYaml.ingressOf("a", "nginx-internal", "s")), "a class naming nginx");
    assertNull(
        read(NginxYaml.ingressOf("a", "traefik", "s", NginxYaml.nginx("affinity", "cookie"))));
    assertNull(read(NginxYaml.ingressOf("a", "alb", "s", NginxYaml.nginx("affinity", "cookie"))));
    assertNotNull(
        read(NginxYaml.ingressOf("a", "public", "s", NginxYaml.nginx("affinity", "cookie"))),
        "an unknown class with ingress-nginx annotations (microk8s names it public)");
    assertNull(read(NginxYaml.ingressOf("a", "public", "s")), "an unknown class alone");
  }

  @Test
  void withoutAClassTheAnnotationsDecide() {
    assertNotNull(read(NginxYaml.ingressOf("a", null, "s", NginxYaml.nginx("affinity", "cookie"))));
    assertNull(read(NginxYaml.ingressOf("a", null, "s")));
    assertNotNull(
        read(NginxYaml.ingressOf("a", null, "s", "kubernetes.io/ingress.class: nginx")),
        "the legacy class annotation");
  }

  @Test
  void anNginxClassWithOnlyF5AnnotationsIsF5s() {
    assertNull(read(NginxYaml.ingressOf("a", "nginx", "s", "nginx.org/lb-method: ip_hash")));
    assertNotNull(
        read(
            NginxYaml.ingressOf(
                "a",
                "nginx",
                "s",
                "nginx.org/lb-method: ip_hash",
                NginxYaml.nginx("affinity", "cookie"))),
        "both: ingress-nginx's, with an F5 annotation it ignores");
  }

  @Test
  void valuesReadAsTheControllerParsesThem() {
    NginxIngress ing =
        read(
            NginxYaml.ingress(
                NginxYaml.nginx("affinity", " cookie "),
                NginxYaml.nginx("service-upstream", "True"),
                NginxYaml.nginx("ssl-passthrough", "yes")));
    assertEquals("cookie", ing.value("affinity"));
    assertEquals(true, ing.cookieAffinity(), "trimmed");
    assertEquals(true, ing.isTrue("service-upstream"), "Go's ParseBool takes True");
    assertEquals(false, ing.isTrue("ssl-passthrough"), "but not yes");
    assertEquals(1, ing.backends().size());
    assertEquals("shop:80", ing.backends().get(0).label());
    assertEquals("shop/shop", ing.label());
  }

  @Test
  void oldBackendsAndDefaultBackendsCount() {
    NginxIngress ing =
        read(
            """
            apiVersion: networking.k8s.io/v1beta1
            kind: Ingress
            metadata:
              name: old
              annotations: {nginx.ingress.kubernetes.io/affinity: cookie}
            spec:
              backend: {serviceName: fallback, servicePort: http}
              rules:
              - http:
                  paths:
                  - backend: {serviceName: web, servicePort: 8080}
            """);
    assertEquals(2, ing.backends().size());
    assertEquals("web:8080", ing.backends().get(0).label());
    assertEquals("fallback:http", ing.backends().get(1).label());
  }
}
