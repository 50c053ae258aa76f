package dev.spl.rules.traefik;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.ExpectMarkers;
import dev.spl.Lint;
import dev.spl.LintOptions;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraefikNginxProviderCookieDiffersTest {
  private static final String INGRESS =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: shop
        namespace: web
        annotations:
          nginx.ingress.kubernetes.io/affinity: cookie%s
      %s
      spec:
        ingressClassName: nginx%s
        rules:
        - host: shop.example.com
          http:
            paths:
            - path: %s
              pathType: Prefix
              backend: {service: {name: shop, port: {number: 80}}}
      """;

  private static String ingress(String affinityMarker, String more, String tls, String path) {
    return INGRESS.formatted(affinityMarker, more, tls, path);
  }

  private static List<Finding> assertMarked(String yaml, LintOptions options) {
    List<Finding> findings = Lint.of("SPL505", yaml, options);
    ExpectMarkers.in(yaml).assertMatches("test input", findings);
    return findings;
  }

  @Test
  void saysWhatTraefiksCookieLosesOnAnHttpsIngress() {
    assertMarked(
        ingress(
            "   # expect: SPL505 \"Path to /\"",
            """
                nginx.ingress.kubernetes.io/affinity-mode: balanced   # expect: SPL505 "always persistent"
                nginx.ingress.kubernetes.io/session-cookie-conditional-samesite-none: "true"   # expect: SPL505 "old browsers"
            """
                .stripTrailing(),
            "\n  tls:   # expect: SPL505 \"Secure\"\n  - hosts: [shop.example.com]",
            "/shop"),
        Lint.servedByTraefik("v3.7"));
  }

  @Test
  void aCookieAlreadyAsNginxWroteItIsSilent() {
    String yaml =
        ingress(
            "",
            """
                nginx.ingress.kubernetes.io/session-cookie-secure: "true"
                nginx.ingress.kubernetes.io/session-cookie-path: /shop
                nginx.ingress.kubernetes.io/affinity-mode: persistent
            """
                .stripTrailing(),
            "\n  tls:\n  - hosts: [shop.example.com]",
            "/shop");
    assertEquals(List.of(), Lint.of("SPL505", yaml, Lint.servedByTraefik("v3.7")));
  }

  @Test
  void plainHttpAndTheRootPathLoseNothing() {
    String yaml = ingress("", "", "", "/");
    assertEquals(List.of(), Lint.of("SPL505", yaml, Lint.servedByTraefik("v3.7")));
  }

  @Test
  void expiresIsReadOnlyFromV37() {
    String yaml =
        ingress(
            "",
            "    nginx.ingress.kubernetes.io/session-cookie-expires: \"3600\"   # expect: SPL505"
                + " \"from v3.7 (v3.6 here)\"",
            "",
            "/");
    assertMarked(yaml, Lint.servedByTraefik("v3.6"));
    assertEquals(List.of(), Lint.of("SPL505", yaml, Lint.servedByTraefik("v3.7")));
  }

  @Test
  void withoutTheSettingIngressNginxsRulesJudgeTheIngressAndThisOneIsSilent() {
    String yaml =
        ingress("", "    nginx.ingress.kubernetes.io/session-cookie-samesite: None", "", "/shop");
    LintOptions plain = LintOptions.defaults().withVersion(GatewayApiVersion.V1_6);
    assertEquals(List.of(), Lint.of("SPL505", yaml, plain));
    assertTrue(
        !Lint.of("SPL205", yaml, plain).isEmpty(), "ingress-nginx's SameSite=None rule judges it");
    assertEquals(
        List.of(),
        Lint.of("SPL205", yaml, Lint.servedByTraefik("v3.7")),
        "under Traefik, ingress-nginx's facts are not what runs");
  }
}
