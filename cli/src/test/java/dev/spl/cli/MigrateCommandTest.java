package dev.spl.cli;

import static dev.spl.cli.PolicyCommandTest.at;
import static dev.spl.cli.PolicyCommandTest.documents;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** spl migrate ingress-nginx: manifests on stdout, the report on stderr, and its exit statuses. */
class MigrateCommandTest {
  @TempDir Path dir;

  private static final String INGRESS =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: shop
        namespace: web
        annotations:
          nginx.ingress.kubernetes.io/affinity: cookie
          nginx.ingress.kubernetes.io/affinity-mode: persistent
          nginx.ingress.kubernetes.io/session-cookie-name: SHOPID
          nginx.ingress.kubernetes.io/session-cookie-max-age: "3600"
      spec:
        ingressClassName: nginx
        rules:
        - host: shop.example.com
          http:
            paths:
            - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
      """;

  @Test
  void helpListsMigratesOwnExitStatusesNotLints() {
    CliRun help = CliRun.of("migrate", "--help");
    assertEquals(0, help.status(), help.err());
    assertTrue(help.out().contains("1   the report lists something not carried"), help.out());
    assertTrue(!help.out().contains("--fail-on"), help.out());
    CliRun top = CliRun.of("--help");
    assertTrue(top.out().contains("Service ClientIP affinity"), top.out());
    assertTrue(top.out().contains("0   done; for lint and audit"), top.out());
  }

  @Test
  void everythingCarriedExitsZeroAndTheOutputLintsClean() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString());
    assertEquals(0, run.status(), run.err());
    List<Map<String, Object>> docs = documents(run.out());
    assertEquals(1, docs.size());
    Map<String, Object> sp = at(docs.get(0), "spec", "rules", 0, "sessionPersistence");
    assertEquals("SHOPID", sp.get("sessionName"));
    assertEquals("1h", sp.get("absoluteTimeout"));
    assertTrue(run.err().contains("mapped       session-cookie-max-age: 3600 s"), run.err());
    assertTrue(run.err().contains("affinity-mode: persistent -> Gateway API persistence"));
    Path out = Files.writeString(dir.resolve("routes.yaml"), run.out());
    CliRun lint = CliRun.of("lint", "--gateway-api-version", "v1.6", out.toString());
    assertEquals(0, lint.status(), lint.out());
  }

  @Test
  void aDirectoryIsListedAsLintListsIt() throws Exception {
    // what git ignores, what .spl.yaml excludes and a chart's templates are not migrated, as
    // spl lint does not read them as manifests; the chart is named with how to migrate it
    Path repo = Files.createDirectories(dir.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
    Files.writeString(repo.resolve(".gitignore"), "generated/\n");
    Files.writeString(repo.resolve(".spl.yaml"), "exclude:\n  - legacy/*.yaml\n");
    Files.writeString(repo.resolve("ingress.yaml"), INGRESS);
    for (String ignored : List.of("generated/ingress.yaml", "legacy/ingress.yaml")) {
      Path f = Files.createDirectories(repo.resolve(ignored).getParent()).resolve("ingress.yaml");
      Files.writeString(f, INGRESS.replace("name: shop", "name: " + ignored.split("/")[0]));
    }
    Path chart = Files.createDirectories(repo.resolve("chart/templates"));
    Files.writeString(
        repo.resolve("chart/Chart.yaml"), "apiVersion: v2\nname: web\nversion: 1.0.0\n");
    Files.writeString(
        chart.resolve("ingress.yaml"), INGRESS.replace("name: shop", "name: {{ .Release.Name }}"));
    CliRun run = CliRun.of("migrate", "ingress-nginx", repo.toString());
    assertEquals(0, run.status(), run.err());
    List<Map<String, Object>> docs = documents(run.out());
    assertEquals(
        List.of("shop"),
        docs.stream().map(d -> (Object) at(d, "metadata", "name")).toList(),
        run.out());
    assertTrue(
        run.err().contains("is a Helm chart: its templates are not manifests")
            && run.err().contains("helm template " + repo.resolve("chart")),
        run.err());
  }

  @Test
  void somethingNotCarriedExitsOne() throws Exception {
    Path ingress =
        Files.writeString(
            dir.resolve("ingress.yaml"),
            INGRESS.replace(
                "affinity-mode: persistent",
                "session-cookie-samesite: None\n    nginx.ingress.kubernetes.io/session-cookie-secure: \"true\""));
    CliRun run =
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--gateway-api-version", "main");
    assertEquals(1, run.status(), run.err());
    assertTrue(run.err().contains("NOT CARRIED  session-cookie-samesite"), run.err());
    assertTrue(run.err().contains("NOT CARRIED  session-cookie-secure"), run.err());
    assertEquals(
        "SHOPID",
        at(
            documents(run.out()).get(0),
            "spec",
            "rules",
            0,
            "sessionPersistence",
            "cookie",
            "name"));
  }

  @Test
  void ontoGivenRoutes() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    Path routes =
        Files.writeString(
            dir.resolve("httproutes.yaml"),
            """
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata:
              name: shop-shop-example-com  # written by ingress2gateway
              namespace: web
            spec:
              parentRefs: [{name: nginx}]
              hostnames: [shop.example.com]
              rules:
              - matches: [{path: {type: PathPrefix, value: /}}]
                backendRefs: [{name: shop, port: 80}]
            """);
    CliRun run =
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--routes", routes.toString());
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().contains("# written by ingress2gateway"), run.out());
    assertEquals(
        "SHOPID",
        at(documents(run.out()).get(0), "spec", "rules", 0, "sessionPersistence", "sessionName"));
    assertTrue(run.err().contains("1 given HTTPRoutes changed"), run.err());
  }

  @Test
  void inPlaceWritesThePersistenceIntoTheRouteFileAndChangesNothingElse() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    String before =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: shop-shop-example-com   # written by ingress2gateway
          namespace: web
        spec:
          parentRefs: [{name: nginx}]
          hostnames: ["shop.example.com"]
          rules:
          - matches: [{path: {type: PathPrefix, value: /}}]
            backendRefs: [{name: shop, port: 80}]
        """;
    Path routes = Files.writeString(dir.resolve("httproutes.yaml"), before);
    CliRun run =
        CliRun.of(
            "migrate",
            "ingress-nginx",
            ingress.toString(),
            "--routes",
            routes.toString(),
            "--in-place");
    assertEquals(0, run.status(), run.err());
    assertEquals("", run.out(), "nothing printed: the file is written");
    assertTrue(run.err().contains("1 route file changed in place"), run.err());
    assertEquals(
        before.replace(
            "  - matches:",
            "  - sessionPersistence:\n"
                + "      sessionName: SHOPID\n"
                + "      type: Cookie\n"
                + "      absoluteTimeout: 1h\n"
                + "      cookieConfig:\n"
                + "        lifetimeType: Permanent\n"
                + "    matches:"),
        Files.readString(routes));
    CliRun lint = CliRun.of("lint", routes.toString());
    assertEquals(0, lint.status(), lint.out() + lint.err());
  }

  @Test
  void inPlaceWithoutRouteFilesOrForATargetWithItsOwnObjectsWritesNothing() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    CliRun none = CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--in-place");
    assertEquals(2, none.status(), none.err());
    assertTrue(none.err().contains("--in-place edits the files given with --routes"), none.err());
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: shop, namespace: web}
        spec:
          hostnames: [shop.example.com]
          rules:
          - backendRefs: [{name: shop, port: 80}]
        """;
    Path routes = Files.writeString(dir.resolve("routes.yaml"), route);
    CliRun traefik =
        CliRun.of(
            "migrate",
            "ingress-nginx",
            ingress.toString(),
            "--routes",
            routes.toString(),
            "--to",
            "traefik",
            "--in-place");
    assertEquals(2, traefik.status(), traefik.err());
    assertTrue(traefik.err().contains("writes TraefikServices beside the routes"), traefik.err());
    assertEquals(route, Files.readString(routes), "the file is untouched");
  }

  @Test
  void toIstioWritesADestinationRuleThatLintsClean() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--to", "istio");
    assertEquals(0, run.status(), run.err());
    List<Map<String, Object>> docs = documents(run.out());
    assertEquals(
        List.of("HTTPRoute", "DestinationRule"), docs.stream().map(d -> d.get("kind")).toList());
    assertTrue(!run.out().contains("sessionPersistence"), run.out());
    Map<String, Object> cookie =
        at(
            docs.get(1),
            "spec",
            "trafficPolicy",
            "portLevelSettings",
            0,
            "loadBalancer",
            "consistentHash",
            "httpCookie");
    assertEquals("SHOPID", cookie.get("name"));
    assertEquals("3600s", cookie.get("ttl"));
    assertTrue(run.err().contains("approximated affinity: cookie -> DestinationRule"), run.err());
    assertTrue(run.err().contains("Gateway API v1.6, for Istio, HTTPRoutes written"), run.err());
    Path out = Files.writeString(dir.resolve("istio.yaml"), run.out());
    CliRun lint = CliRun.of("lint", out.toString());
    assertEquals(0, lint.status(), lint.out() + lint.err());
  }

  private static final String GATEWAY =
      """
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata: {name: nginx, namespace: web}
      spec:
        gatewayClassName: %s
        listeners: [{name: http, port: 80, protocol: HTTP}]
      """;

  @Test
  void withoutToAGatewayOfIstiosClassGetsTheDestinationRule() throws Exception {
    Path ingress =
        Files.writeString(dir.resolve("ingress.yaml"), INGRESS + GATEWAY.formatted("istio"));
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString());
    assertEquals(0, run.status(), run.err());
    List<Map<String, Object>> docs = documents(run.out());
    assertEquals(
        List.of("HTTPRoute", "DestinationRule"), docs.stream().map(d -> d.get("kind")).toList());
    assertTrue(!run.out().contains("sessionPersistence"), run.out());
    assertTrue(
        run.err().contains("writing for Istio because Gateway nginx is of GatewayClass istio"),
        run.err());
  }

  @Test
  void withoutToTheClassInTheInputDecides() throws Exception {
    String eg =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: GatewayClass
        metadata: {name: eg}
        spec: {controllerName: gateway.envoyproxy.io/gatewayclass-controller}
        """;
    Path ingress =
        Files.writeString(dir.resolve("ingress.yaml"), INGRESS + GATEWAY.formatted("eg") + eg);
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString());
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().contains("sessionPersistence"), run.out());
    assertTrue(run.err().contains("for Envoy Gateway"), run.err());
    // an explicit --to wins over the input's Gateway
    CliRun explicit = CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--to", "istio");
    assertTrue(explicit.out().contains("DestinationRule"), explicit.out());
  }

  @Test
  void withoutToGatewaysOfTwoImplementationsAreAUsageError() throws Exception {
    String second =
        GATEWAY.formatted("gke-l7-global-external-managed").replace("name: nginx", "name: edge");
    Path ingress =
        Files.writeString(
            dir.resolve("ingress.yaml"), INGRESS + GATEWAY.formatted("istio") + second);
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString());
    assertEquals(2, run.status(), run.err());
    assertTrue(run.err().contains("name the one the routes will run on with --to"), run.err());
    assertEquals("", run.out());
    CliRun one = CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--gateway", "edge");
    // GKE's cookie cannot carry everything ingress-nginx's did (exit 1 says so in the report)
    assertEquals(1, one.status(), one.err());
    assertTrue(one.out().contains("GCPBackendPolicy"), one.out());
  }

  @Test
  void anUnknownTargetIsAUsageErrorThatNamesTheKnownOnes() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--to", "isito");
    assertEquals(2, run.status());
    assertTrue(run.err().contains("did you mean 'istio'"), run.err());
    assertTrue(run.err().contains("gke"), run.err());
    assertEquals("", run.out());
  }

  @Test
  void usageAndInputErrors() throws Exception {
    CliRun other = CliRun.of("migrate", "ingress-ngnix", "x.yaml");
    assertEquals(2, other.status());
    assertTrue(other.err().contains("did you mean 'ingress-nginx'"), other.err());
    assertEquals(2, CliRun.of("migrate", "ingress-nginx").status(), "no Ingress path");
    CliRun missing = CliRun.of("migrate", "ingress-nginx", dir.resolve("none.yaml").toString());
    assertEquals(3, missing.status());
    assertTrue(missing.err().contains("no such file"), missing.err());
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    assertEquals(
        2,
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--gateway-api-version", "v9")
            .status());
  }

  @Test
  void brokenYamlIsNamedWithItsPositionAndTheRestStillCarried() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS + "---\nkind: [\n");
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString());
    assertEquals(3, run.status(), run.err());
    assertTrue(run.err().contains("ingress.yaml:"), run.err());
    assertTrue(run.out().contains("sessionName: SHOPID"), "the readable Ingress is carried");
    Path routes =
        Files.writeString(dir.resolve("routes.yaml"), "kind: HTTPRoute\nspec: [a: b: c\n");
    CliRun bad =
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--routes", routes.toString());
    assertEquals(3, bad.status(), bad.err());
    assertTrue(bad.err().contains("routes.yaml: not YAML spl can edit: "), bad.err());
    Files.writeString(routes, "kind: HTTPRoute\nspec: !<x%20> {}\n");
    CliRun tagged =
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--routes", routes.toString());
    assertEquals(3, tagged.status(), tagged.err());
    assertTrue(tagged.err().contains("routes.yaml: not YAML spl can edit: "), tagged.err());
  }

  @Test
  void aMarkdownReportIsATablePerIngressForThePullRequest() throws Exception {
    Path ingress =
        Files.writeString(
            dir.resolve("ingress.yaml"),
            INGRESS.replace("affinity-mode: persistent", "session-cookie-samesite: None")
                + "---\n"
                + INGRESS
                    .replace("name: shop\n", "name: other\n")
                    .replace("affinity: cookie", "affinity: \"ip|hash\""));
    Path report = dir.resolve("migration.md");
    CliRun run =
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--format", "markdown=" + report);
    assertEquals(1, run.status(), run.err());
    assertTrue(run.err().contains("spl migrate: report written to " + report), run.err());
    assertTrue(!run.err().contains("NOT CARRIED  session-cookie-samesite"), run.err());
    String md = Files.readString(report);
    assertTrue(md.startsWith("### spl migrate ingress-nginx to Gateway API"), md);
    assertTrue(md.contains("\n#### Ingress web/shop\n"), md);
    assertTrue(md.contains("| annotation | outcome | what became of it |\n|---|---|---|\n"), md);
    assertTrue(md.contains("| `session-cookie-samesite` | **NOT CARRIED** | GEP-1619"), md);
    // a pipe in what the user wrote does not break the table
    assertTrue(md.contains("| `affinity` | **NOT CARRIED** | \"ip\\|hash\" is not cookie"), md);
    assertTrue(md.contains("| `session-cookie-name` | mapped | SHOPID"), md);
    assertEquals(1, documents(run.out()).size(), "the manifests still go to stdout");
  }

  @Test
  void aJsonReportCountsEachOutcomeAndListsEachAnnotation() throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    CliRun run = CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--format", "json");
    assertEquals(0, run.status(), run.err());
    Map<String, Object> json =
        new tools.jackson.databind.ObjectMapper().readValue(run.err(), Map.class);
    assertEquals("gateway-api", json.get("to"));
    assertEquals(true, json.get("complete"));
    Map<String, Object> summary = at(json, "summary");
    assertEquals(0, summary.get("notCarried"));
    assertTrue((Integer) summary.get("mapped") >= 3, summary.toString());
    Map<String, Object> shop = at(json, "ingresses", 0);
    assertEquals("Ingress web/shop", shop.get("ingress"));
    List<?> annotations = (List<?>) shop.get("annotations");
    assertTrue(
        annotations.contains(
            Map.of(
                "annotation",
                "session-cookie-max-age",
                "outcome",
                "mapped",
                "text",
                "3600 s -> absoluteTimeout 1h, lifetimeType: Permanent")),
        annotations.toString());
  }

  @Test
  void anUnknownReportFormatOrAnUnwritableFileIsAUsageErrorBeforeAnythingIsPrinted()
      throws Exception {
    Path ingress = Files.writeString(dir.resolve("ingress.yaml"), INGRESS);
    CliRun unknown =
        CliRun.of("migrate", "ingress-nginx", ingress.toString(), "--format", "markdwn");
    assertEquals(2, unknown.status(), unknown.err());
    assertTrue(unknown.err().contains("unknown report format 'markdwn'"), unknown.err());
    assertTrue(unknown.err().contains("markdown"), unknown.err());
    CliRun unwritable =
        CliRun.of(
            "migrate",
            "ingress-nginx",
            ingress.toString(),
            "--format",
            "json=" + dir.resolve("no/such/dir/r.json"));
    assertEquals(2, unwritable.status(), unwritable.err());
    assertTrue(
        unwritable.err().contains("cannot write it: its directory does not exist"),
        unwritable.err());
    assertEquals("", unwritable.out());
  }
}
