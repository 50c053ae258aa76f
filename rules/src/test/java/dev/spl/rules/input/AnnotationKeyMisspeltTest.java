package dev.spl.rules.input;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AnnotationKeyMisspeltTest {
  private static String ingress(String... annotations) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations:
        %s
        spec:
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
        """
        .formatted(
            String.join(
                "\n", annotations.length == 0 ? new String[] {"    {}"} : indent(annotations)));
  }

  private static String[] indent(String[] lines) {
    String[] out = new String[lines.length];
    for (int i = 0; i < lines.length; i++) {
      out[i] = "    " + lines[i];
    }
    return out;
  }

  @Test
  void theIssuesSlipsAreFoundWithWhatWasMeant() {
    assertMarked(
        "SPL005",
        ingress(
            "nginx.ingress.kubernetes.io/affinity: cookie",
            "nginx.ingress.kubernetes.io/session-cookie-maxage: '100'  # expect: SPL005"
                + " \"did you mean session-cookie-max-age?\"",
            "nginx.ingress.kubernetes.io/sesion-cookie-name: x  # expect: SPL005 \"ingress-nginx\"",
            "nginx.ingress.kubernetes.io/Session-Cookie-Path: /a  # expect: SPL005"
                + " \"did you mean session-cookie-path?\"",
            "haproxy-ingress.github.io/session-cookie-stratgy: insert  # expect: SPL005"
                + " \"HAProxy Ingress\"",
            "haproxy.org/cookie-persistance: srv  # expect: SPL005 \"cookie-persistence\"",
            "alb.ingress.kubernetes.io/target-group-atributes: stickiness.enabled=true  # expect:"
                + " SPL005 \"target-group-attributes\""));
  }

  @Test
  void keysTheControllerReadsAndKeysNearerOtherKeysPass() {
    // proxy-cookie-path and upstream-vhost are ingress-nginx keys of their own; x-forwarded-prefix
    // is none near a sticky key; Traefik reads keys in any case; an unknown prefix is not judged
    assertTrue(
        of(
                "SPL005",
                ingress(
                    "nginx.ingress.kubernetes.io/affinity: cookie",
                    "nginx.ingress.kubernetes.io/session-cookie-hash: sha1",
                    "nginx.ingress.kubernetes.io/proxy-cookie-path: / /a",
                    "nginx.ingress.kubernetes.io/upstream-vhost: a",
                    "nginx.ingress.kubernetes.io/custom-thing: a",
                    "traefik.ingress.kubernetes.io/service.sticky.cookie.httpOnly: 'true'",
                    "traefik.ingress.kubernetes.io/router.tls.domains.0.main: a.example",
                    "example.com/sesion-cookie-name: x"))
            .isEmpty());
  }

  @Test
  void aRenameIsTheFixUnlessTheRightKeyIsWrittenToo() {
    var fixed = of("SPL005", ingress("nginx.ingress.kubernetes.io/sesion-cookie-name: x"));
    assertEquals(1, fixed.size(), fixed::toString);
    assertNotNull(fixed.get(0).fix());
    assertEquals(
        "nginx.ingress.kubernetes.io/session-cookie-name",
        fixed.get(0).fix().edits().get(0).value());
    var both =
        of(
            "SPL005",
            ingress(
                "nginx.ingress.kubernetes.io/sesion-cookie-name: x",
                "nginx.ingress.kubernetes.io/session-cookie-name: y"));
    assertEquals(1, both.size(), both::toString);
    assertNull(both.get(0).fix());
  }

  @Test
  void traefikOneKeysAreNamedWithTheirReplacementAndMovedByHandFromAnIngress() {
    // no Traefik since 2.0 reads them; on an Ingress the replacement belongs on the Service
    var onIngress = of("SPL005", ingress("traefik.ingress.kubernetes.io/affinity: \"true\""));
    assertEquals(1, onIngress.size(), onIngress::toString);
    assertTrue(
        onIngress
            .get(0)
            .message()
            .equals(
                "affinity is read by no Traefik since 2.0: it became service.sticky.cookie, on the"
                    + " Service"),
        onIngress.get(0).message());
    assertNull(onIngress.get(0).fix());
    // a misspelling of the v2 key is still a misspelling, not the v1 key
    assertEquals(
        "service.sticky.cookie.name",
        AnnotationKeyMisspelt.meant(
            AnnotationKeyMisspelt.PREFIXES.stream()
                .filter(p -> p.prefix().startsWith("traefik"))
                .findFirst()
                .orElseThrow(),
            "service.sticky.cookie.nam"));
  }

  @Test
  void onlyIngressesAndServicesAreJudged() {
    String deployment =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: shop
          annotations: {nginx.ingress.kubernetes.io/sesion-cookie-name: x}
        spec: {}
        """;
    assertTrue(of("SPL005", deployment).isEmpty());
  }

  @Test
  void everyPrefixHasStickyKeysAndShortSlipsNeedOneEdit() {
    for (AnnotationKeyMisspelt.Prefix p : AnnotationKeyMisspelt.PREFIXES) {
      assertTrue(!p.sticky().isEmpty() && p.keys().containsAll(p.sticky()), p.prefix());
    }
    AnnotationKeyMisspelt.Prefix nginx =
        AnnotationKeyMisspelt.PREFIXES.stream()
            .filter(p -> p.controller().equals("ingress-nginx"))
            .findFirst()
            .orElseThrow();
    assertEquals("affinity", AnnotationKeyMisspelt.meant(nginx, "afinity"));
    assertNull(AnnotationKeyMisspelt.meant(nginx, "affinity"));
    assertNull(AnnotationKeyMisspelt.meant(nginx, "canary"), "a key it reads");
  }
}
