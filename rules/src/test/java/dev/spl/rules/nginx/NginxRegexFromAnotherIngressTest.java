package dev.spl.rules.nginx;

import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class NginxRegexFromAnotherIngressTest {
  /** A sticky Ingress of shop.example.com whose one path is written as a regex. */
  private static String sticky(String name, String cls, String... more) {
    String[] annotations = new String[more.length + 1];
    annotations[0] = nginx("affinity", "cookie");
    System.arraycopy(more, 0, annotations, 1, more.length);
    return ingressOf(name, cls, "cart", annotations)
        .replace("- path: /\n", "- path: /cart(/|$)(.*)\n");
  }

  private static final String REWRITES =
      ingressOf("rewrites", "nginx", "web", nginx("rewrite-target", "/$2"));

  @Test
  void aRewriteOnAnotherIngressOfTheHostMakesTheCookiePathARegex() {
    List<Finding> f = of("SPL210", sticky("cart", "nginx") + "---\n" + REWRITES);
    assertEquals(1, f.size(), f::toString);
    Finding finding = f.get(0);
    assertEquals("cart", finding.resource().name());
    assertEquals(
        "Ingress shop/rewrites's rewrite-target turns /cart(/|$)(.*) into a regex location and cookie"
            + " path; set session-cookie-path",
        finding.message());
    assertEquals(14, finding.position().line(), "at the path as written");
    assertEquals(1, finding.related().size(), "names the Ingress that asks for regexes");
    assertEquals(25, finding.related().get(0).position().line(), "its rewrite-target");
  }

  @Test
  void useRegexOnAnotherIngressDoesTheSame() {
    String other = ingressOf("regex", "nginx", "web", nginx("use-regex", "true"));
    assertEquals(1, of("SPL210", sticky("cart", "nginx") + "---\n" + other).size());
  }

  @Test
  void passesWhenTheCookieHasAPathOrNoOtherIngressAsksOrTheyAreNotOneServer() {
    assertTrue(
        of(
                "SPL210",
                sticky("cart", "nginx", nginx("session-cookie-path", "/cart")) + "---\n" + REWRITES)
            .isEmpty(),
        "an explicit cookie path is what the message asks for");
    assertTrue(of("SPL210", sticky("cart", "nginx")).isEmpty(), "nothing asks for regexes");
    assertTrue(
        of(
                "SPL210",
                sticky("cart", "nginx")
                    + "---\n"
                    + REWRITES.replace("shop.example.com", "api.example.com"))
            .isEmpty(),
        "another host is another server");
    assertTrue(
        of("SPL210", sticky("cart", "internal") + "---\n" + REWRITES).isEmpty(),
        "another class is another controller's server");
    assertTrue(
        of(
                "SPL210",
                sticky("cart", "nginx")
                    + "---\n"
                    + ingressOf(
                        "canary",
                        "nginx",
                        "web",
                        nginx("canary", "true"),
                        nginx("rewrite-target", "/")))
            .isEmpty(),
        "a canary's locations are merged into its main Ingress");
    assertTrue(
        of(
                "SPL210",
                sticky("cart", "nginx").replace("/cart(/|$)(.*)", "/cart") + "---\n" + REWRITES)
            .isEmpty(),
        "a plain path is still a path browsers match");
    assertTrue(
        of("SPL210", sticky("cart", "nginx", nginx("rewrite-target", "/$2")) + "---\n" + REWRITES)
            .isEmpty(),
        "its own rewrite-target is SPL201's to judge");
  }
}
