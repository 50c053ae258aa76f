package dev.spl.rules.haproxy;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HaproxyCookiePersistenceOnIngressTest {
  private static String object(String kind, String... annotations) {
    return """
        apiVersion: %s
        kind: %s
        metadata:
          name: web
          annotations:
        %s
        spec: {}
        """
        .formatted(
            kind.equals("Ingress") ? "networking.k8s.io/v1" : "v1",
            kind,
            String.join("\n", annotations).indent(4).stripTrailing());
  }

  @Test
  void eitherCookieAnnotationUnderAnyPrefixOnAnIngressIsNamed() {
    var found =
        of(
            "SPL903",
            object(
                "Ingress",
                "haproxy.com/cookie-persistence: a",
                "ingress.kubernetes.io/cookie-persistence-no-dynamic: b"));
    assertEquals(2, found.size(), found::toString);
    assertEquals("metadata.annotations[\"haproxy.com/cookie-persistence\"]", found.get(0).field());
    assertTrue(
        found.get(1).message().startsWith("cookie-persistence-no-dynamic on an Ingress"),
        found.get(1).message());
  }

  @Test
  void onAServiceItIsWhereItBelongs() {
    assertTrue(of("SPL903", object("Service", "haproxy.org/cookie-persistence: a")).isEmpty());
    assertTrue(
        of("SPL903", object("Ingress", "haproxy-ingress.github.io/affinity: cookie")).isEmpty());
  }
}
