package dev.spl.rules.cel;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeaderTypeNeedsHeaderTest {

  @Test
  void headerTypeWithoutHeader() {
    assertMarked(
        "SPL014",
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata:
          name: cart
          namespace: shop
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: cart}}
            sessionPersistence:  # expect: SPL014 "header must be specified for Header type"
              type: Header
        """);
  }

  @Test
  void headerTypeWithHeaderPasses() {
    assertTrue(of("SPL014", backend("{type: Header, header: {name: X-Session}}")).isEmpty());
  }

  @Test
  void cookieTypeIsNotThisRulesBusiness() {
    assertTrue(of("SPL014", backend("type: Cookie")).isEmpty());
  }
}
