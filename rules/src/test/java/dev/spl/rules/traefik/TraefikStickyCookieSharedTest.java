package dev.spl.rules.traefik;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TraefikStickyCookieSharedTest {
  private static String ingressRoute(String group, String... routes) {
    return """
        apiVersion: %s/v1alpha1
        kind: IngressRoute
        metadata: {name: r, namespace: shop}
        spec:
          routes:
        %s
        """
        .formatted(group, String.join("\n", routes));
  }

  private static String route(String match, String service, String cookie) {
    return """
          - match: %s
            services:
            - name: %s
              port: 80
              sticky: {cookie: %s}"""
        .formatted(match, service, cookie)
        .indent(2)
        .stripTrailing();
  }

  @Test
  void twoServicesOfOneHostWithOneCookieCollide() {
    for (String group : List.of("traefik.io", "traefik.containo.us")) {
      var found =
          of(
              "SPL503",
              ingressRoute(
                  group,
                  route("Host(`a.example`) && PathPrefix(`/x`)", "x", "{name: s}"),
                  route("Host(`a.example`) && PathPrefix(`/y`)", "y", "{name: s}")));
      assertEquals(1, found.size(), found::toString);
      assertTrue(found.get(0).message().contains("on a.example is service x:80's too"));
      assertEquals(1, found.get(0).related().size());
    }
  }

  @Test
  void hostsNamesAndPathsApartDoNot() {
    assertTrue(
        of(
                "SPL503",
                ingressRoute(
                    "traefik.io",
                    route("Host(`a.example`)", "x", "{name: s}"),
                    route("Host(`b.example`)", "y", "{name: s}"),
                    route("Host(`a.example`)", "z", "{name: t}"),
                    route("Host(`a.example`)", "w", "{name: s, path: /w}"),
                    route("Host(`a.example`)", "v", "{}"),
                    route("Host(`a.example`) && PathPrefix(`/v2`)", "x", "{name: s}")))
            .isEmpty());
  }

  @Test
  void theHostsOfAMatch() {
    assertEquals(
        List.of("a.example", "b.example"),
        TraefikStickyCookieShared.hosts("Host(`A.example`) || Host(`b.example`)"));
    assertEquals(List.of("a", "b"), TraefikStickyCookieShared.hosts("Host(`a`, `b`)"));
    assertEquals(List.of("*"), TraefikStickyCookieShared.hosts("PathPrefix(`/`)"));
    assertEquals(List.of("*"), TraefikStickyCookieShared.hosts("HostRegexp(`{any:.+}`)"));
  }
}
