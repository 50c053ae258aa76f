package dev.spl.rules.cross;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SessionNameCollisionAcrossRoutesTest {
  static String route(String name, String parent, String hosts, String cookie) {
    return """
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s}
        spec:
          parentRefs: [%s]
          hostnames: %s
          rules:
          - backendRefs: [{name: %s}]
            sessionPersistence: {cookie: {name: %s}}
        """
        .formatted(name, parent, hosts, name, cookie);
  }

  @Test
  void sameNameSameListener() {
    String yaml = route("a", "{name: gw}", "[]", "s") + route("b", "{name: gw}", "[]", "s");
    var f = assertOne(of("SPL103", yaml), 20, 35, "also used by HTTPRoute default/a");
    assertTrue(f.related().get(0).position().line() == 10);
  }

  @Test
  void wildcardHostnamesOverlap() {
    String yaml =
        route("a", "{name: gw}", "[a.example.com]", "s")
            + route("b", "{name: gw}", "[\"*.example.com\"]", "s");
    assertTrue(of("SPL103", yaml).size() == 1);
  }

  @Test
  void nearMisses() {
    // different Gateways
    assertTrue(
        of("SPL103", route("a", "{name: gw1}", "[]", "s") + route("b", "{name: gw2}", "[]", "s"))
            .isEmpty());
    // same Gateway name in another namespace
    assertTrue(
        of(
                "SPL103",
                route("a", "{name: gw}", "[]", "s")
                    + route("b", "{name: gw, namespace: other}", "[]", "s"))
            .isEmpty());
    // different listeners of one Gateway
    assertTrue(
        of(
                "SPL103",
                route("a", "{name: gw, sectionName: http}", "[]", "s")
                    + route("b", "{name: gw, sectionName: https}", "[]", "s"))
            .isEmpty());
    // disjoint hostnames
    assertTrue(
        of(
                "SPL103",
                route("a", "{name: gw}", "[a.example.com]", "s")
                    + route("b", "{name: gw}", "[b.example.com]", "s"))
            .isEmpty());
    // different names
    assertTrue(
        of("SPL103", route("a", "{name: gw}", "[]", "s1") + route("b", "{name: gw}", "[]", "s2"))
            .isEmpty());
  }
}
