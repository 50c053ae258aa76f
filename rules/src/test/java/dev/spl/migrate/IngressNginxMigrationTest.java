package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.IngressNginxMigration.Source;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.FieldPath;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ingress cookie affinity carried to HTTPRoutes, for v1.6 and main, with and without routes. */
class IngressNginxMigrationTest {
  /** ingress-nginx's own sticky-session example (docs/examples/affinity/cookie/ingress.yaml). */
  static final String EXAMPLE =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: nginx-test
        annotations:
          nginx.ingress.kubernetes.io/affinity: "cookie"
          nginx.ingress.kubernetes.io/session-cookie-name: "route"
          nginx.ingress.kubernetes.io/session-cookie-expires: "172800"
          nginx.ingress.kubernetes.io/session-cookie-max-age: "172800"
      spec:
        ingressClassName: nginx
        rules:
        - host: stickyingress.example.com
          http:
            paths:
            - path: /
              pathType: Prefix
              backend:
                service:
                  name: http-svc
                  port:
                    number: 80
      """;

  /** The HTTPRoute ingress2gateway writes for it, with a comment and a second rule of our own. */
  static final String ROUTES =
      """
      # reviewed by the platform team
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        annotations:
          gateway.networking.k8s.io/generator: ingress2gateway-1.0.0
        name: nginx-test-stickyingress-example-com
        namespace: default
      spec:
        hostnames:
        - stickyingress.example.com
        parentRefs:
        - name: nginx
        rules:
        - backendRefs:
          - name: http-svc
            port: 80
          matches:
          - path:
              type: PathPrefix
              value: /
        - backendRefs: [{name: static, port: 8080}]  # no affinity here
          matches:
          - path: {type: PathPrefix, value: "/static"}
      """;

  private static Result run(String ingresses, String routes, GatewayApiVersion version) {
    return IngressNginxMigration.run(
        List.of(new Source("ingress.yaml", ingresses)),
        routes == null ? List.of() : List.of(new Source("routes.yaml", routes)),
        version,
        null);
  }

  private static List<Resource> resources(Result r) {
    return new ManifestLoader().loadText("out.yaml", r.yaml()).resources();
  }

  private static String at(Resource r, String... path) {
    Object[] segments = new Object[path.length];
    for (int i = 0; i < path.length; i++) {
      segments[i] = path[i].matches("\\d+") ? (Object) Integer.valueOf(path[i]) : path[i];
    }
    return r.nodeAt(FieldPath.of(segments)) instanceof ScalarNode s
        ? String.valueOf(s.value())
        : null;
  }

  /** The output, linted for {@code version} with spl's whole engine: no errors. */
  private static void lintsClean(Result r, GatewayApiVersion version) {
    assertEquals(List.of(), r.introducedErrors());
    List<Finding> errors =
        new Engine()
                .lint(
                    new ManifestLoader().loadText("out.yaml", r.yaml()),
                    LintOptions.defaults().withVersion(version))
                .findings()
                .stream()
                .filter(f -> f.severity() == Severity.ERROR)
                .toList();
    assertEquals(List.of(), errors, r.yaml());
  }

  @Test
  void theControllersExampleWithoutRoutesForV16() {
    Result r = run(EXAMPLE, null, GatewayApiVersion.V1_6);
    List<Resource> out = resources(r);
    assertEquals(1, out.size());
    Resource route = out.get(0);
    assertEquals("HTTPRoute", route.kind());
    assertEquals("nginx-test", route.name());
    assertEquals("stickyingress.example.com", at(route, "spec", "hostnames", "0"));
    assertEquals("nginx", at(route, "spec", "parentRefs", "0", "name"));
    String sp = "spec.rules.0.sessionPersistence";
    assertEquals("route", at(route, (sp + ".sessionName").split("\\.")));
    assertEquals("Cookie", at(route, (sp + ".type").split("\\.")));
    assertEquals("48h", at(route, (sp + ".absoluteTimeout").split("\\.")));
    assertEquals("Permanent", at(route, (sp + ".cookieConfig.lifetimeType").split("\\.")));
    assertEquals("http-svc", at(route, "spec", "rules", "0", "backendRefs", "0", "name"));
    assertEquals("80", at(route, "spec", "rules", "0", "backendRefs", "0", "port"));
    assertEquals("PathPrefix", at(route, "spec", "rules", "0", "matches", "0", "path", "type"));
    assertFalse(r.report().incomplete(), r.report().text());
    lintsClean(r, GatewayApiVersion.V1_6);
  }

  @Test
  void theControllersExampleOntoIngress2gatewaysRouteForMain() {
    Result r = run(EXAMPLE, ROUTES, GatewayApiVersion.MAIN);
    assertTrue(r.yaml().startsWith("# reviewed by the platform team\n"), r.yaml());
    assertTrue(r.yaml().contains("# no affinity here"), "comments kept");
    assertTrue(
        r.yaml().indexOf("annotations:") < r.yaml().indexOf("name: nginx-test-"), "key order kept");
    Resource route = resources(r).get(0);
    String sp = "spec.rules.0.sessionPersistence.";
    assertEquals("route", at(route, (sp + "cookie.name").split("\\.")));
    assertEquals("/", at(route, (sp + "cookie.path").split("\\.")), "nginx's location path");
    assertEquals("Permanent", at(route, (sp + "cookie.lifetimeType").split("\\.")));
    assertEquals("48h", at(route, (sp + "absoluteTimeout").split("\\.")));
    assertNull(at(route, (sp + "sessionName").split("\\.")), "main has no sessionName");
    assertNull(route.nodeAt(FieldPath.of("spec", "rules", 1, "sessionPersistence")));
    assertEquals(1, r.routesTouched());
    lintsClean(r, GatewayApiVersion.MAIN);
  }

  @Test
  void annotationsWithoutAnEquivalentAreReportedNotCarried() {
    String ingress =
        EXAMPLE.replace(
            "    nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"\n",
            "    nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"\n"
                + "    nginx.ingress.kubernetes.io/affinity-mode: balanced\n"
                + "    nginx.ingress.kubernetes.io/session-cookie-secure: \"true\"\n"
                + "    nginx.ingress.kubernetes.io/session-cookie-samesite: Lax\n"
                + "    nginx.ingress.kubernetes.io/session-cookie-change-on-failure: \"true\"\n"
                + "    nginx.ingress.kubernetes.io/session-cookie-path: /app\n");
    Result r = run(ingress, null, GatewayApiVersion.V1_6);
    assertTrue(r.report().incomplete());
    List<String> notCarried =
        r.report().entries().stream()
            .filter(e -> e.outcome() == Outcome.NOT_CARRIED)
            .map(Report.Entry::annotation)
            .toList();
    assertEquals(
        List.of(
            "session-cookie-path",
            "affinity-mode",
            "session-cookie-secure",
            "session-cookie-samesite",
            "session-cookie-change-on-failure"),
        notCarried,
        r.report().text());
    assertTrue(r.report().text().contains("v1.6 has no cookie path"));
    // the report says one thing of the cookie path: for Envoy Gateway (Path=/ from v1.10), what
    // its target note says too, not "derived from the match"
    Result eg =
        IngressNginxMigration.run(
            List.of(new Source("ingress.yaml", ingress)),
            List.of(),
            GatewayApiVersion.V1_6,
            null,
            MigrationTarget.ENVOY_GATEWAY);
    assertTrue(
        eg.report()
            .text()
            .contains(
                "no cookie path (main has cookie.path); Envoy Gateway sets"
                    + " Path=/ on every session cookie"),
        eg.report().text());
    assertTrue(!eg.report().text().contains("path match"), eg.report().text());
    lintsClean(r, GatewayApiVersion.V1_6);
    Result main = run(ingress, null, GatewayApiVersion.MAIN);
    assertEquals(
        "/app",
        at(resources(main).get(0), "spec", "rules", "0", "sessionPersistence", "cookie", "path"));
    lintsClean(main, GatewayApiVersion.MAIN);
  }

  @Test
  void whatTheRouteWouldLoseIsSaid() {
    // an unreachable cookie path, a TLS backend, an annotation about something else, and the
    // canary Ingress of the same host, without affinity of its own
    String ingress =
        EXAMPLE
                .replace(
                    "    nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"\n",
                    "    nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"\n"
                        + "    nginx.ingress.kubernetes.io/session-cookie-path: /foobar\n"
                        + "    nginx.ingress.kubernetes.io/backend-protocol: HTTPS\n"
                        + "    nginx.ingress.kubernetes.io/proxy-body-size: 8m\n")
                .replace("pathType: Prefix", "pathType: Exact")
            + "---\n"
            + EXAMPLE
                .replace("nginx-test", "nginx-test-canary")
                .replaceAll(
                    "    nginx.ingress.kubernetes.io/(affinity|session-cookie-[a-z-]+): .*\n", "")
                .replace(
                    "  annotations:\n",
                    "  annotations:\n"
                        + "    nginx.ingress.kubernetes.io/canary: \"true\"\n"
                        + "    nginx.ingress.kubernetes.io/canary-weight: \"10\"\n");
    Result r = run(ingress, null, GatewayApiVersion.MAIN);
    String text = r.report().text();
    java.util.Map<String, Outcome> fate = new java.util.HashMap<>();
    for (Report.Entry e : r.report().entries()) {
      fate.put(e.ingress() + " " + e.annotation(), e.outcome());
    }
    assertEquals(
        Outcome.NOT_CARRIED, fate.get("Ingress default/nginx-test backend-protocol"), text);
    assertEquals(Outcome.NOTE, fate.get("Ingress default/nginx-test proxy-body-size"), text);
    assertEquals(Outcome.NOT_CARRIED, fate.get("Ingress default/nginx-test-canary canary"), text);
    assertTrue(text.contains("weight 10"), text);
    assertTrue(text.contains("SPL208"), text);
    assertTrue(text.contains("BackendTLSPolicy"), text);
    assertTrue(r.report().incomplete());
  }

  @Test
  void pathsToSeveralServicesGetOneRuleEachAndTheirOwnNames() {
    String ingress =
        EXAMPLE.replace(
            "      - path: /\n",
            "      - path: /api\n        pathType: Prefix\n        backend:\n"
                + "          service: {name: api, port: {number: 8080}}\n"
                + "      - path: /api/v2\n        pathType: Prefix\n        backend:\n"
                + "          service: {name: api, port: {number: 8080}}\n"
                + "      - path: /\n");
    for (GatewayApiVersion v : List.of(GatewayApiVersion.V1_6, GatewayApiVersion.MAIN)) {
      Result r = run(ingress, null, v);
      Resource route = resources(r).get(0);
      assertEquals("api", at(route, "spec", "rules", "0", "backendRefs", "0", "name"));
      assertEquals("/api/v2", at(route, "spec", "rules", "0", "matches", "1", "path", "value"));
      String name = v == GatewayApiVersion.MAIN ? "cookie.name" : "sessionName";
      assertEquals(
          "route-api", at(route, ("spec.rules.0.sessionPersistence." + name).split("\\.")));
      assertEquals(
          "route-http-svc", at(route, ("spec.rules.1.sessionPersistence." + name).split("\\.")));
      lintsClean(r, v);
    }
  }

  @Test
  void droppedValuesAndBadNamesAreNotCarriedAsWritten() {
    String ingress = EXAMPLE.replace("\"172800\"", "\"48h\"").replace("\"route\"", "\"app/route\"");
    Result r = run(ingress, null, GatewayApiVersion.MAIN);
    Resource route = resources(r).get(0);
    assertEquals(
        "Session",
        at(route, "spec", "rules", "0", "sessionPersistence", "cookie", "lifetimeType"),
        "ingress-nginx dropped 48h: the cookie was a session cookie");
    assertEquals(
        "app-route", at(route, "spec", "rules", "0", "sessionPersistence", "cookie", "name"));
    assertTrue(r.report().incomplete());
    assertTrue(r.report().text().contains("not an RFC 6265 token"));
    lintsClean(r, GatewayApiVersion.MAIN);
  }

  @Test
  void aPathNoGivenRouteMatchesIsNotCarried() {
    Result r =
        run(EXAMPLE, ROUTES.replace("name: http-svc", "name: other"), GatewayApiVersion.V1_6);
    assertTrue(r.report().incomplete());
    assertTrue(r.report().text().contains("no given HTTPRoute rule matches"), r.report().text());
    assertEquals(0, r.routesTouched());
    assertFalse(r.yaml().contains("sessionPersistence"));
  }

  @Test
  void regexPathsAndIngressesWithoutAffinity() {
    String ingress =
        EXAMPLE
                .replace(
                    "    nginx.ingress.kubernetes.io/affinity: \"cookie\"\n",
                    "    nginx.ingress.kubernetes.io/affinity: \"cookie\"\n"
                        + "    nginx.ingress.kubernetes.io/use-regex: \"true\"\n"
                        + "    nginx.ingress.kubernetes.io/session-cookie-path: /\n")
                .replace("- path: /\n", "- path: /v[0-9]+/.*\n")
                .replace("pathType: Prefix", "pathType: ImplementationSpecific")
            + "---\n"
            + EXAMPLE
                .replace("nginx-test", "plain")
                .replace("affinity: \"cookie\"", "ssl-redirect: \"false\"");
    Result r = run(ingress, null, GatewayApiVersion.MAIN);
    List<Resource> out = resources(r);
    assertEquals(1, out.size(), "the Ingress without affinity has nothing to carry");
    assertEquals(
        "RegularExpression", at(out.get(0), "spec", "rules", "0", "matches", "0", "path", "type"));
    lintsClean(r, GatewayApiVersion.MAIN);
  }

  @Test
  void nothingToCarry() {
    Result r =
        run(EXAMPLE.replace("affinity: \"cookie\"", "x: \"y\""), null, GatewayApiVersion.V1_6);
    assertEquals("", r.yaml());
    assertFalse(r.report().incomplete());
    assertTrue(r.report().text().contains("no ingress-nginx Ingress with affinity: cookie"));
  }

  @Test
  void pathsWithoutAServicePortAreReportedNotCarried() {
    String ingress =
        EXAMPLE.replace(
            "      - path: /\n",
            "      - path: /static\n        pathType: Prefix\n        backend:\n"
                + "          resource: {apiGroup: k8s.example.com, kind: StorageBucket, name: s}\n"
                + "      - path: /named\n        pathType: Prefix\n        backend:\n"
                + "          service: {name: named, port: {name: http}}\n"
                + "      - path: /\n");
    Result r = run(ingress, null, GatewayApiVersion.V1_6);
    String text = r.report().text();
    assertTrue(text.contains("a path whose backend is not a Service"), text);
    assertTrue(text.contains("Service named:http by port name"), text);
    assertEquals(1, resources(r).size(), "the Service path is still carried");
    lintsClean(r, GatewayApiVersion.V1_6);
  }

  @Test
  void aNamedPortIsLookedUpOnTheServiceGivenWithTheIngress() {
    String named = EXAMPLE.replace("number: 80", "name: web");
    String service =
        """
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: http-svc, namespace: default}
        spec:
          ports:
          - {name: metrics, port: 9090}
          - {name: web, port: 80, targetPort: 8080}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: http-svc, namespace: elsewhere}
        spec:
          ports: [{name: web, port: 81}]
        """;
    Result written = run(named + service, null, GatewayApiVersion.V1_6);
    Resource route = resources(written).get(0);
    assertEquals("80", at(route, "spec", "rules", "0", "backendRefs", "0", "port"));
    assertFalse(written.report().incomplete(), written.report().text());
    // The given route names the number, as ingress2gateway writes it: the rule still matches.
    Result attached = run(named + service, ROUTES, GatewayApiVersion.V1_6);
    assertEquals(
        "route",
        at(resources(attached).get(0), "spec", "rules", "0", "sessionPersistence", "sessionName"));
    lintsClean(attached, GatewayApiVersion.V1_6);
    // Without the Service, or with it in another namespace only, the number is unknown.
    Result alone =
        run(named + service.substring(service.indexOf("---", 4)), null, GatewayApiVersion.V1_6);
    assertEquals("", alone.yaml());
    assertTrue(
        alone.report().text().contains("give the Service's manifest"), alone.report().text());
  }

  @Test
  void gep2257Durations() {
    assertEquals("48h", NginxAffinity.duration(172800));
    assertEquals("1m30s", NginxAffinity.duration(90));
    assertEquals("1h1s", NginxAffinity.duration(3601));
    assertEquals("0s", NginxAffinity.duration(0));
  }
}
