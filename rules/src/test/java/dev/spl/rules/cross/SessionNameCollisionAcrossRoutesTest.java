package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
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
    var f =
        assertMarked(
                "SPL103",
                """
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: a}
        spec:
          parentRefs: [{name: gw}]
          hostnames: []
          rules:
          - backendRefs: [{name: a}]
            sessionPersistence: {cookie: {name: s}}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: b}
        spec:
          parentRefs: [{name: gw}]
          hostnames: []
          rules:
          - backendRefs: [{name: b}]
            sessionPersistence: {cookie: {name: s}}  # expect: SPL103 "also used by HTTPRoute default/a"
        """)
            .get(0);
    assertTrue(f.related().get(0).position().line() == 10);
  }

  @Test
  void onlyRoutesAListenerAdmitsShareIt() {
    String gateway =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw, namespace: shop}
        spec:
          gatewayClassName: c
          listeners:
          - name: web
            port: 80
            protocol: HTTP
        %s
        """;
    String own =
        route("a", "{name: gw}", "[]", "s")
            .replace("metadata: {name: a}", "metadata: {name: a, namespace: shop}");
    String foreign =
        route("b", "{name: gw, namespace: shop}", "[]", "s")
            .replace("metadata: {name: b}", "metadata: {name: b, namespace: tenant}");
    // allowedRoutes defaults to the Gateway's own namespace: the tenant's route is not attached
    assertTrue(of("SPL103", gateway.formatted("") + own + foreign).isEmpty());
    String same = "    allowedRoutes: {namespaces: {from: Same}}";
    assertTrue(of("SPL103", gateway.formatted(same) + own + foreign).isEmpty());
    String grpcOnly = "    allowedRoutes: {namespaces: {from: All}, kinds: [{kind: GRPCRoute}]}";
    assertTrue(of("SPL103", gateway.formatted(grpcOnly) + own + foreign).isEmpty());
    // admitted from all namespaces (or a selector spl cannot read), it collides
    for (String from : new String[] {"All", "Selector"}) {
      String all = "    allowedRoutes: {namespaces: {from: " + from + "}}";
      var found = of("SPL103", gateway.formatted(all) + own + foreign);
      assertTrue(found.size() == 1, from + ": " + found);
    }
    // a Gateway not in the input cannot say: the routes are taken as attached
    assertTrue(of("SPL103", own + foreign).size() == 1);
  }

  @Test
  void meshRoutesOfOneServiceCollideWithoutAListener() {
    String parent = "{group: \"\", kind: Service, name: cart}";
    String yaml = route("a", parent, "[]", "s") + route("b", parent, "[]", "s");
    var f =
        assertMarked(
                "SPL103",
                """
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: a}
            spec:
              parentRefs: [{group: "", kind: Service, name: cart}]
              hostnames: []
              rules:
              - backendRefs: [{name: a}]
                sessionPersistence: {cookie: {name: s}}
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: b}
            spec:
              parentRefs: [{group: "", kind: Service, name: cart}]
              hostnames: []
              rules:
              - backendRefs: [{name: b}]
                sessionPersistence: {cookie: {name: s}}  # expect: SPL103 "also used by HTTPRoute default/a for the same Service"
            """)
            .get(0);
    assertTrue(!f.message().contains("listener"), f.message());
  }

  @Test
  void routesReachingOneServiceThroughOnePolicyShareOneSession() {
    // one BackendLBPolicy on the Service both routes send to: one session, not a collision
    String route =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - matches: [{path: {value: /%s}}]
            backendRefs: [{name: cart, port: 80}]
        """;
    String policy =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1alpha2
        kind: BackendLBPolicy
        metadata: {name: p}
        spec:
          targetRefs: [{group: "", kind: Service, name: cart}]
          sessionPersistence: {sessionName: cart-session}
        """;
    String yaml = route.formatted("a", "a") + route.formatted("b", "b") + policy;
    assertTrue(
        of("SPL103", yaml, dev.spl.schema.GatewayApiVersion.V1_4).isEmpty(),
        () -> of("SPL103", yaml, dev.spl.schema.GatewayApiVersion.V1_4).toString());
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

  @Test
  void aGroupOfCollidingRoutesIsReportedOncePerRoute() {
    StringBuilder yaml = new StringBuilder();
    int routes = 3000;
    for (int i = 0; i < routes; i++) {
      yaml.append(
          """
          ---
          apiVersion: gateway.networking.k8s.io/v1
          kind: HTTPRoute
          metadata: {name: r%d, namespace: shop}
          spec:
            parentRefs: [{name: public}]
            hostnames: [shop.example.com]
            rules:
            - backendRefs: [{name: s%d}]
              sessionPersistence: {sessionName: shop}
          """
              .formatted(i, i));
    }
    var findings = of("SPL103", yaml.toString(), dev.spl.schema.GatewayApiVersion.V1_6);
    // every route but the first, each against r0: n - 1 findings, not n(n-1)/2
    org.junit.jupiter.api.Assertions.assertEquals(routes - 1, findings.size());
    assertTrue(findings.stream().allMatch(f -> f.message().contains("HTTPRoute shop/r0")));
  }
}
