package dev.spl.rules.haproxy;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HaproxyIngressCookieDomainMismatchTest {
  private static String ingress(String affinity, String domain, String... hosts) {
    StringBuilder rules = new StringBuilder();
    for (String h : hosts) {
      rules.append("  - host: \"").append(h).append("\"\n");
    }
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations:
            haproxy-ingress.github.io/affinity: %s
            haproxy-ingress.github.io/session-cookie-domain: %s
        spec:
          rules:
        %s"""
        .formatted(affinity, domain, rules);
  }

  @Test
  void aHostOutsideTheDomainIsFlagged() {
    assertMarked(
        "SPL952",
        ingress(
            "cookie",
            "example.com  # expect: SPL952 \"does not cover host shop.example.org\"",
            "a.example.com",
            "shop.example.org"));
    // a suffix that is not a label boundary is no domain match
    assertMarked(
        "SPL952",
        ingress("cookie", "ample.com  # expect: SPL952 \"host example.com\"", "example.com"));
    // the subdomain does not cover its parent
    assertMarked("SPL952", ingress("cookie", "sub.example.com  # expect: SPL952", "example.com"));
  }

  @Test
  void theDomainItsSubdomainsALeadingDotAndAnyCasePass() {
    assertTrue(
        of("SPL952", ingress("cookie", "example.com", "example.com", "a.b.example.com")).isEmpty());
    assertTrue(of("SPL952", ingress("cookie", ".Example.COM", "shop.example.com")).isEmpty());
    assertTrue(of("SPL952", ingress("cookie", "example.com", "*.example.com")).isEmpty());
  }

  @Test
  void withoutCookieAffinityOrHostsThereIsNothingToJudge() {
    assertTrue(of("SPL952", ingress("\"\"", "example.com", "shop.example.org")).isEmpty());
    assertTrue(of("SPL952", ingress("cookie", "\"\"", "shop.example.org")).isEmpty());
    assertTrue(of("SPL952", ingress("cookie", "example.com")).isEmpty()); // no host: any host
  }
}
