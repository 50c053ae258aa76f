package dev.spl.rules.cross;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.model.MapNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The matching the collision and reachability rules rest on, at its edges. */
class HostnamesAndPathsTest {
  @Test
  void hostnamesOverlapExactlyOrThroughAWildcardOfAtLeastOneLabel() {
    assertTrue(Hostnames.overlap(List.of(), List.of("a.example.com")), "no hostnames: all");
    assertTrue(Hostnames.overlap(List.of("a.example.com"), List.of()));
    assertTrue(Hostnames.overlap(List.of("a.example.com"), List.of("a.example.com")));
    assertTrue(Hostnames.overlap(List.of("*.example.com"), List.of("a.example.com")));
    assertTrue(Hostnames.overlap(List.of("a.example.com"), List.of("*.example.com")), "either way");
    assertTrue(Hostnames.overlap(List.of("*.example.com"), List.of("*.a.example.com")));
    // the wildcard needs a label: example.com itself is not *.example.com
    assertFalse(Hostnames.overlap(List.of("*.example.com"), List.of("example.com")));
    assertFalse(Hostnames.overlap(List.of("*.example.com"), List.of(".example.com")));
    assertFalse(Hostnames.overlap(List.of("a.example.com"), List.of("b.example.com")));
    assertFalse(Hostnames.overlap(List.of("a.example.com", "c.org"), List.of("b.example.com")));
    assertTrue(
        Hostnames.overlap(
            List.of("x.org", "a.example.com"), List.of("b.org", "A.EXAMPLE.COM".toLowerCase())));
  }

  @Test
  void hostnamesAreReadInLowerCaseAndOnlyStrings() {
    var route =
        new ManifestLoader()
            .loadText(
                "r.yaml",
                "apiVersion: v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec: {hostnames: [A.Example.COM, 7, {x: y}]}\n")
            .resources()
            .get(0);
    assertEquals(List.of("a.example.com"), Hostnames.of(route));
  }

  @Test
  void aCookiePathIsSentOnWholePathSegmentsOnly() {
    assertTrue(CookiePaths.pathMatches("/cart", "/cart"));
    assertTrue(CookiePaths.pathMatches("/cart/x", "/cart"));
    assertTrue(CookiePaths.pathMatches("/cart/x", "/cart/"));
    assertFalse(CookiePaths.pathMatches("/carts", "/cart"));
    assertFalse(CookiePaths.pathMatches("/car", "/cart"));
  }

  @Test
  void reachabilityFollowsTheMatchType() {
    List<CookiePaths.PathMatch> prefix = List.of(new CookiePaths.PathMatch("PathPrefix", "/shop/"));
    assertTrue(CookiePaths.isReachable("/shop", prefix), "trailing slash ignored");
    assertTrue(CookiePaths.isReachable("/shop/cart", prefix));
    assertFalse(CookiePaths.isReachable("/shopping", prefix));
    assertTrue(CookiePaths.isReachable("/", prefix));
    assertTrue(CookiePaths.isReachable("relative", prefix), "SPL131's business");
    List<CookiePaths.PathMatch> exact = List.of(new CookiePaths.PathMatch("Exact", "/shop/cart"));
    assertTrue(CookiePaths.isReachable("/shop", exact));
    assertFalse(CookiePaths.isReachable("/shop/cart/x", exact));
    List<CookiePaths.PathMatch> regex =
        List.of(new CookiePaths.PathMatch("RegularExpression", "^/shop/[a-z]+"));
    assertTrue(CookiePaths.isReachable("/shop/x", regex));
    assertTrue(CookiePaths.isReachable("/sh", regex), "a prefix of the literal part");
    assertFalse(CookiePaths.isReachable("/admin", regex), "diverges from the literal prefix");
    List<CookiePaths.PathMatch> anyRegex =
        List.of(new CookiePaths.PathMatch("RegularExpression", ".*"));
    assertTrue(CookiePaths.isReachable("/admin", anyRegex), "no literal prefix: unknowable");
  }

  @Test
  void aRuleWithoutMatchesMatchesEverything() {
    MapNode none =
        (MapNode)
            new ManifestLoader()
                .loadText(
                    "r.yaml",
                    "apiVersion: v1\nkind: X\nmetadata: {name: r}\nspec: {backendRefs: []}\n")
                .resources()
                .get(0)
                .spec();
    assertEquals(List.of(new CookiePaths.PathMatch("PathPrefix", "/")), CookiePaths.of(none));
    MapNode headersOnly =
        (MapNode)
            new ManifestLoader()
                .loadText(
                    "r.yaml",
                    "apiVersion: v1\nkind: X\nmetadata: {name: r}\nspec: {matches: [{headers: []}]}\n")
                .resources()
                .get(0)
                .spec();
    assertEquals(
        List.of(new CookiePaths.PathMatch("PathPrefix", "/")), CookiePaths.of(headersOnly));
  }
}
