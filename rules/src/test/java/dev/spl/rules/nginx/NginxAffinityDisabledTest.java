package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingress;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NginxAffinityDisabledTest {
  @Test
  void affinityOtherThanCookie() {
    assertMarked(
        "SPL201",
        ingress(nginx("affinity", "true") + "  # expect: SPL201 \"\"true\" is not \"cookie\"\""));
    assertMarked(
        "SPL201",
        ingress(nginx("affinity", "Cookie") + "  # expect: SPL201 \"is not \"cookie\"\""));
  }

  @Test
  void cookieSettingsWithoutAffinityAreReportedOnce() {
    assertMarked(
        "SPL201",
        ingress(
            nginx("ssl-redirect", "false"),
            nginx("session-cookie-name", "s")
                + "  # expect: SPL201 \"session-cookie-name does nothing\"",
            nginx("session-cookie-max-age", "60")));
  }

  @Test
  void clusterIpAndRegexDisableIt() {
    var f =
        of(
            "SPL201",
            ingress(
                nginx("affinity", "cookie"),
                nginx("service-upstream", "true"),
                nginx("ssl-passthrough", "true"),
                nginx("use-regex", "true")));
    assertEquals(3, f.size(), f::toString);
    assertTrue(f.get(0).message().contains("cluster IP"));
    assertTrue(f.get(1).message().contains("TLS unread"));
    assertTrue(f.get(2).message().contains("session-cookie-path"));
  }

  @Test
  void aHashBesideCookieAffinityIsIgnoredAndADashedCookieIsAnotherVariable() {
    var beside =
        of(
            "SPL201",
            ingress(
                nginx("affinity", "cookie"),
                nginx("upstream-hash-by", "$cookie_session-id"),
                nginx("load-balance", "ewma")));
    assertTrue(beside.isEmpty(), beside::toString); // ignored (SPL204 says so): not judged
    var notRead =
        of(
            "SPL204",
            ingress(
                nginx("affinity", "cookie"),
                nginx("upstream-hash-by", "$cookie_session-id"),
                nginx("load-balance", "ewma")));
    assertEquals(2, notRead.size(), notRead::toString);
    assertTrue(notRead.get(0).message().startsWith("upstream-hash-by is ignored"));
    assertTrue(notRead.get(1).message().startsWith("load-balance is ignored"));
    assertTrue(of("SPL204", ingress(nginx("upstream-hash-by", "$remote_addr"))).isEmpty());
    var dashed = of("SPL201", ingress(nginx("upstream-hash-by", "$cookie_session-id$host")));
    assertEquals(1, dashed.size(), dashed::toString);
    assertTrue(
        dashed.get(0).message().contains("hashes on $cookie_session and the text \"-id\""),
        dashed.get(0).message());
    assertTrue(of("SPL201", ingress(nginx("upstream-hash-by", "$cookie_session_id"))).isEmpty());
    assertTrue(of("SPL201", ingress(nginx("upstream-hash-by", "$request_uri-x"))).isEmpty());
  }

  @Test
  void rewriteTargetMakesARegexPathTheCookiesPath() {
    assertTrue(NginxAffinityDisabled.isRegex("/app(/|$)(.*)"));
    assertTrue(!NginxAffinityDisabled.isRegex("/v1.0/app"));
  }

  @Test
  void nearMisses() {
    assertTrue(of("SPL201", ingress(nginx("affinity", "cookie"))).isEmpty());
    assertTrue(of("SPL201", ingress(nginx("affinity", " cookie\n"))).isEmpty(), "trimmed");
    assertTrue(
        of(
                "SPL201",
                ingress(
                    nginx("affinity", "cookie"),
                    nginx("use-regex", "true"),
                    nginx("session-cookie-path", "/"),
                    nginx("service-upstream", "false")))
            .isEmpty());
    assertTrue(of("SPL201", ingress(nginx("service-upstream", "true"))).isEmpty(), "no affinity");
    assertTrue(
        of("SPL201", ingressOf("a", "traefik", "s", nginx("affinity", "true"))).isEmpty(),
        "another controller's Ingress");
  }
}
