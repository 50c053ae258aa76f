package dev.spl.rules.nginx;

import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class NginxAffinityDiffersAcrossIngressesTest {
  @Test
  void differentCookieNamesOnOneServicePort() {
    var f =
        of(
            "SPL206",
            ingressOf(
                    "a",
                    "nginx",
                    "web",
                    nginx("affinity", "cookie"),
                    nginx("session-cookie-name", "x"))
                + "---\n"
                + ingressOf(
                    "b",
                    "nginx",
                    "web",
                    nginx("affinity", "cookie"),
                    nginx("session-cookie-name", "y")));
    // one conflict, one finding: on the later Ingress, naming the earlier
    assertEquals(1, f.size(), f::toString);
    assertEquals("b", f.get(0).resource().name());
    assertTrue(f.get(0).message().contains("Ingress a"), f.get(0).message());
    assertTrue(f.get(0).message().contains("session-cookie-name y vs x"));
    assertEquals(1, f.get(0).related().size(), "names the other Ingress's backend");
  }

  @Test
  void sameSettingsOtherServicesCanariesAndOtherControllersPass() {
    String a = ingressOf("a", "nginx", "web", nginx("affinity", "cookie"));
    assertTrue(
        of("SPL206", a + "---\n" + ingressOf("b", "nginx", "web", nginx("affinity", "cookie")))
            .isEmpty());
    assertTrue(
        of("SPL206", a + "---\n" + ingressOf("b", "nginx", "api")).isEmpty(), "other Service");
    assertTrue(
        of("SPL206", a + "---\n" + ingressOf("b", "nginx", "web", nginx("canary", "true")))
            .isEmpty(),
        "a canary copies the main Ingress's affinity");
    assertTrue(of("SPL206", a + "---\n" + ingressOf("b", "traefik", "web")).isEmpty());
    assertTrue(
        of(
                "SPL206",
                a
                    + "---\n"
                    + ingressOf("b", "nginx", "web").replace("namespace: shop", "namespace: other"))
            .isEmpty(),
        "another namespace's Service of the same name");
  }

  @Test
  void ingressesOfTwoIngressNginxClassesNeverMerge() {
    // a real repository's modsec and modsec-non-prod: two installations, two sets of upstreams
    String prod = ingressOf("a", "modsec", "web", nginx("affinity", "cookie"));
    assertTrue(
        of(
                "SPL206",
                prod
                    + "---\n"
                    + ingressOf("b", "modsec-non-prod", "web", nginx("proxy-body-size", "1m")))
            .isEmpty());
    assertEquals(
        1,
        of(
                "SPL206",
                prod + "---\n" + ingressOf("b", "modsec", "web", nginx("proxy-body-size", "1m")))
            .size());
  }

  @Test
  void theDifferenceNamed() {
    assertEquals(
        "affinity cookie vs unset",
        NginxAffinityDiffersAcrossIngresses.difference(Map.of("affinity", "cookie"), Map.of()));
    assertEquals(
        "affinity-mode persistent vs balanced",
        NginxAffinityDiffersAcrossIngresses.difference(
            Map.of("affinity", "cookie", "affinity-mode", "persistent"),
            Map.of("affinity", "cookie", "affinity-mode", "balanced")));
    assertEquals(
        "session-cookie-name A vs B",
        NginxAffinityDiffersAcrossIngresses.difference(
            Map.of("session-cookie-name", "A", "session-cookie-conditional-samesite-none", "true"),
            Map.of("session-cookie-name", "B")),
        "the name says more than a flag");
  }
}
