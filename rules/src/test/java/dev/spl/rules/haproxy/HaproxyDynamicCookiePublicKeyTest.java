package dev.spl.rules.haproxy;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HaproxyDynamicCookiePublicKeyTest {
  private static String service(String annotations) {
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: web
          annotations:
        """
        + annotations.indent(4)
        + """
        spec:
          ports: [{port: 80}]
        """;
  }

  @ParameterizedTest
  @ValueSource(strings = {"haproxy.org/", "haproxy.com/", "ingress.kubernetes.io/"})
  void dynamicCookiesUnderEveryPrefix(String prefix) {
    var found =
        assertMarked(
            "SPL901",
            service(
                prefix
                    + "cookie-persistence: mycookie  # expect: SPL901 \"cookie-persistence hashes"
                    + " pod addresses with the controller's public key\""));
    assertEquals(Severity.WARNING, found.get(0).severity());
  }

  @Test
  void aKeySetInSightOrNamedCookiesPass() {
    assertTrue(
        of(
                "SPL901",
                service("haproxy.org/cookie-persistence: c\nhaproxy.com/cr-backend: ns/backend"))
            .isEmpty());
    assertTrue(
        of(
                "SPL901",
                service(
                    "haproxy.org/cookie-persistence: c\n"
                        + "ingress.kubernetes.io/backend-config-snippet: |\n"
                        + "  dynamic-cookie-key s3cret"))
            .isEmpty());
    assertTrue(of("SPL901", service("haproxy.org/cookie-persistence-no-dynamic: c")).isEmpty());
    // a snippet that sets something else leaves the built-in key
    assertEquals(
        1,
        of(
                "SPL901",
                service(
                    "haproxy.org/cookie-persistence: c\n"
                        + "haproxy.org/backend-config-snippet: \"timeout server 5s\""))
            .size());
  }

  @Test
  void anEmptyValueNamesNoCookie() {
    // the controller reads the value's first word: none, so no cookie and no key to worry about
    assertTrue(of("SPL901", service("haproxy.org/cookie-persistence: \"\"")).isEmpty());
  }

  @Test
  void onAnIngressTheControllerDoesNotReadIt() {
    assertTrue(
        of(
                "SPL901",
                service("haproxy.org/cookie-persistence: c")
                    .replace(
                        "apiVersion: v1\nkind: Service",
                        "apiVersion: networking.k8s.io/v1\nkind: Ingress"))
            .isEmpty());
  }
}
