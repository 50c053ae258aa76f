package dev.spl.rules.nginx;

import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingress;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class NginxCookiePathUnreachableTest {
  private static String withPath(String path, String type, String... annotations) {
    return ingress(annotations)
        .replace("- path: /\n", "- path: \"" + path + "\"\n")
        .replace("pathType: Prefix", "pathType: " + type);
  }

  @Test
  void anExactRootNeverCarriesACookieScopedBelowIt() {
    List<Finding> f =
        of(
            "SPL208",
            withPath(
                "/",
                "Exact",
                nginx("affinity", "cookie"),
                nginx("session-cookie-path", "/foobar")));
    assertEquals(1, f.size(), f::toString);
    assertTrue(f.get(0).message().contains("cookie path /foobar"), f.get(0).message());
    assertTrue(f.get(0).message().contains("exactly /"), f.get(0).message());
    assertTrue(f.get(0).field().contains("session-cookie-path"), f.get(0).field());
  }

  @Test
  void aSiblingPrefixIsUnreachableAndAPrefixAboveIsNot() {
    String[] cookie = {nginx("affinity", "cookie"), nginx("session-cookie-path", "/cart")};
    assertEquals(1, of("SPL208", withPath("/shop", "Prefix", cookie)).size());
    // "/car" is no path-element prefix of /cart's requests either way round
    assertEquals(1, of("SPL208", withPath("/cartography", "Prefix", cookie)).size());
    assertTrue(of("SPL208", withPath("/", "Prefix", cookie)).isEmpty());
    assertTrue(of("SPL208", withPath("/cart", "ImplementationSpecific", cookie)).isEmpty());
    assertTrue(of("SPL208", withPath("/cart/x", "Exact", cookie)).isEmpty());
  }

  @Test
  void noAffinityNoPathOrRegexPathsAreNotJudged() {
    assertTrue(of("SPL208", withPath("/", "Exact", nginx("session-cookie-path", "/a"))).isEmpty());
    assertTrue(of("SPL208", withPath("/", "Exact", nginx("affinity", "cookie"))).isEmpty());
    assertTrue(
        of(
                "SPL208",
                withPath(
                    "/a(/|$)(.*)",
                    "ImplementationSpecific",
                    nginx("affinity", "cookie"),
                    nginx("use-regex", "true"),
                    nginx("session-cookie-path", "/a")))
            .isEmpty());
  }

  @Test
  void aRewriteTargetMakesThePathsRegexesAsUseRegexDoes() {
    // ingress-nginx's template.go enforceRegexModifier: rewrite-target alone makes ~* locations,
    // so /a(/|$)(.*) reaches /a; read as a prefix it would not
    String[] rewrite = {
      nginx("affinity", "cookie"),
      nginx("rewrite-target", "/$2"),
      nginx("session-cookie-path", "/a")
    };
    assertTrue(of("SPL208", withPath("/a(/|$)(.*)", "ImplementationSpecific", rewrite)).isEmpty());
    String[] plain = {nginx("affinity", "cookie"), nginx("session-cookie-path", "/a")};
    assertEquals(1, of("SPL208", withPath("/a(/|$)(.*)", "ImplementationSpecific", plain)).size());
  }
}
