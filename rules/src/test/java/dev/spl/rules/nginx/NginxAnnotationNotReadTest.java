package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingress;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NginxAnnotationNotReadTest {
  @Test
  void removedLegacyAndF5Annotations() {
    var f =
        of(
            "SPL204",
            ingress(
                nginx("affinity", "cookie"),
                nginx("session-cookie-hash", "sha1"),
                "ingress.kubernetes.io/affinity: cookie",
                "nginx.org/lb-method: \"hash $cookie_jsessionid consistent\"",
                "nginx.com/sticky-cookie-services: \"serviceName=shop srv_id\""));
    // ingress.kubernetes.io/affinity has its twin under the prefix ingress-nginx reads: written
    // for old and new controllers on purpose (a real chart collection's shape), no finding
    assertEquals(3, f.size(), f::toString);
    assertTrue(f.get(0).message().contains("0.24.0"));
    assertTrue(f.get(1).message().contains("F5"));
    assertEquals(11, f.get(2).position().line());
  }

  @Test
  void theOldPrefixBesideItsTwinIsNoFindingAndARemovedKeyIsTheRemovalAlone() {
    assertMarked(
        "SPL204",
        ingressOf(
            "a",
            "nginx",
            "s",
            "nginx.ingress.kubernetes.io/affinity: cookie",
            "ingress.kubernetes.io/affinity: cookie",
            "ingress.kubernetes.io/session-cookie-name: s  # expect: SPL204 \"old prefix\"",
            "ingress.kubernetes.io/session-cookie-hash: sha1  # expect: SPL204 \"was removed\""));
  }

  @Test
  void unrelatedAnnotationsOfTheOtherPrefixesPass() {
    assertTrue(
        of(
                "SPL204",
                ingress(
                    nginx("affinity", "cookie"),
                    "ingress.kubernetes.io/ssl-redirect: \"false\"",
                    "nginx.org/lb-method: least_conn",
                    "nginx.org/proxy-connect-timeout: 30s"))
            .isEmpty());
  }

  @Test
  void theF5ControllersOwnIngressPasses() {
    assertTrue(
        of("SPL204", ingressOf("cafe", "nginx", "tea", "nginx.com/sticky-cookie-services: x"))
            .isEmpty());
  }

  @Test
  void oneLegacyAnnotationAlone() {
    assertMarked(
        "SPL204",
        ingressOf(
            "a",
            "nginx",
            "s",
            "ingress.kubernetes.io/session-cookie-name: s  # expect: SPL204 \"old prefix\""));
  }
}
