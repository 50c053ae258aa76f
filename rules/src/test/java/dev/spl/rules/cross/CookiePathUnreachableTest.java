package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CookiePathUnreachableTest {
  static String route(String matches, String cookiePath) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: %s
            backendRefs: [{name: a}]
            sessionPersistence:
              cookie: {name: s, path: %s}
        """
        .formatted(matches, cookiePath);
  }

  @Test
  void inlineCookieOutsideTheRulesPaths() {
    assertMarked(
        "SPL130",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {value: /shop}}]
            backendRefs: [{name: a}]
            sessionPersistence:
              cookie: {name: s, path: /cart}  # expect: SPL130 "never send the cookie back"
        """);
  }

  @Test
  void rootPathReachesEverything() {
    assertTrue(of("SPL130", route("[{path: {type: Exact, value: /x}}]", "/")).isEmpty());
  }

  @ParameterizedTest(name = "{0} {1} with cookie path {2}: {3}")
  @CsvSource({
    "PathPrefix, /shop, /shop, true",
    "PathPrefix, /shop, /shop/cart, true",
    "PathPrefix, /shop/, /shop, true",
    "PathPrefix, /shop/cart, /shop, true",
    "PathPrefix, /shop, /shopping, false",
    "PathPrefix, /shopping, /shop, false",
    "PathPrefix, /, /anything, true",
    "Exact, /shop/cart, /shop, true",
    "Exact, /shop, /shop/cart, false",
    "Exact, /shopping, /shop, false",
    "RegularExpression, /shop/.*, /shop, true",
    "RegularExpression, /shop/[0-9]+, /cart, false",
    "RegularExpression, .*/cart, /cart, true",
  })
  void reachability(String type, String value, String cookiePath, boolean reachable) {
    List<CookiePaths.PathMatch> matches = List.of(new CookiePaths.PathMatch(type, value));
    if (reachable) {
      assertTrue(CookiePaths.isReachable(cookiePath, matches));
    } else {
      assertFalse(CookiePaths.isReachable(cookiePath, matches));
    }
  }

  @Test
  void aRuleWithoutMatchesMatchesEverything() {
    assertTrue(of("SPL130", route("[]", "/cart")).isEmpty());
  }

  @Test
  void backendCookieCheckedAgainstTheRoutesToIt() {
    String yaml =
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b}
        spec:
          type: EndpointSelector
          endpointSelector: {selector: {}, sessionPersistence: {cookie: {name: s, path: /cart}}}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {value: /shop}}]
            backendRefs: [{group: gateway.networking.x-k8s.io, kind: Backend, name: b}]
        """;
    var f =
        assertMarked(
                "SPL130",
                """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b}
        spec:
          type: EndpointSelector
          endpointSelector: {selector: {}, sessionPersistence: {cookie: {name: s, path: /cart}}}  # expect: SPL130 "the routes to it match"
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - matches: [{path: {value: /shop}}]
            backendRefs: [{group: gateway.networking.x-k8s.io, kind: Backend, name: b}]
        """)
            .get(0);
    assertTrue(f.related().get(0).position().line() == 13);
    // without any route to it there is nothing to compare
    assertTrue(of("SPL130", yaml.substring(0, yaml.indexOf("---"))).isEmpty());
  }
}
