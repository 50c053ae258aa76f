package dev.spl.rules.haproxy;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HaproxyIngressAffinityUnknownTest {
  private static String annotated(String kind, String annotation) {
    String head =
        kind.equals("Service")
            ? "apiVersion: v1\nkind: Service\n"
            : "apiVersion: networking.k8s.io/v1\nkind: Ingress\n";
    return head
        + "metadata:\n  name: shop\n  namespace: shop\n  annotations:\n    "
        + annotation
        + "\nspec: {}\n";
  }

  @ParameterizedTest
  @ValueSource(strings = {"Cookie", "cookies", "sticky", "\"true\""})
  void anythingButCookieIsAnError(String value) {
    for (String kind : new String[] {"Ingress", "Service"}) {
      var found =
          assertMarked(
              "SPL951",
              annotated(
                  kind,
                  "haproxy-ingress.github.io/affinity: "
                      + value
                      + "  # expect: SPL951 \"pins nothing\""));
      assertEquals(Severity.ERROR, found.get(0).severity());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "haproxy-ingress.github.io/affinity: cookie",
        "haproxy-ingress.github.io/affinity: \"\"",
        // the shared prefix: other controllers read it too
        "ingress.kubernetes.io/affinity: Cookie",
        "nginx.ingress.kubernetes.io/affinity: cookies",
        "haproxy-ingress.github.io/session-cookie-name: Cookie"
      })
  void cookieAndOtherKeysPass(String annotation) {
    assertTrue(of("SPL951", annotated("Ingress", annotation)).isEmpty());
    assertTrue(of("SPL951", annotated("Service", annotation)).isEmpty());
  }
}
