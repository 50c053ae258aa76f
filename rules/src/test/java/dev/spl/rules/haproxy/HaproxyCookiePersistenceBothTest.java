package dev.spl.rules.haproxy;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HaproxyCookiePersistenceBothTest {
  private static String service(String... annotations) {
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: web
          annotations:
        %s
        spec: {selector: {app: web}, ports: [{port: 80}]}
        """
        .formatted(String.join("\n", annotations).indent(4).stripTrailing());
  }

  @Test
  void bothFormsUnderAnyPrefixesAreRefused() {
    var found =
        of(
            "SPL902",
            service(
                "haproxy.com/cookie-persistence: a",
                "ingress.kubernetes.io/cookie-persistence-no-dynamic: b"));
    assertEquals(1, found.size(), found::toString);
    assertTrue(found.get(0).message().contains("sets no cookie"), found.get(0).message());
    assertEquals(
        "metadata.annotations[\"ingress.kubernetes.io/cookie-persistence-no-dynamic\"]",
        found.get(0).field());
    assertEquals(1, found.get(0).related().size());
  }

  @Test
  void oneFormOrAnEmptyOneIsFine() {
    assertTrue(of("SPL902", service("haproxy.org/cookie-persistence-no-dynamic: b")).isEmpty());
    assertTrue(
        of(
                "SPL902",
                service(
                    "haproxy.org/cookie-persistence: \" \"",
                    "haproxy.org/cookie-persistence-no-dynamic: b"))
            .isEmpty());
  }
}
