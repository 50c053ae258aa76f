package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.marcnuri.helm.Helm;
import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Charts in an OCI registry: Debian's {@code docker-registry} (the CNCF distribution registry) on
 * loopback, charts pushed into it by Helm itself ({@code helm push}, through helm-java). A Flux
 * HelmRelease whose {@code chartRef} names an OCIRepository, one from a HelmRepository of {@code
 * type: oci}, and a chart whose dependency is {@code oci://}: each pulled as Helm and
 * source-controller pull it, rendered, and its mistakes reported where the user writes them; with
 * the registry stopped, each named in a finding with why.
 */
class OciChartsIT {
  @TempDir Path dir;
  private Process registry;
  private String host;

  @BeforeEach
  void registry() throws Exception {
    ToolsNeeded.requireOnPath("docker-registry");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    host = "127.0.0.1:" + port;
    Path config = dir.resolve("registry.yml");
    Files.writeString(
        config,
        "version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: "
            + dir.resolve("registry-data")
            + "\nhttp:\n  addr: "
            + host
            + "\n");
    registry =
        new ProcessBuilder("docker-registry", "serve", config.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("registry.log").toFile())
            .start();
    awaitRegistry();
    // two charts: web (a route whose session timeout comes from its values) and backend (a
    // Service with ClientIP affinity), each pushed by helm push
    push("web", "2.0.1", TestCharts.WEB_ROUTE, TestCharts.WEB_VALUES);
    push("backend", "1.2.3", TestCharts.BACKEND_SERVICE, "{}\n");
    System.setProperty("spl.helm.cache", dir.resolve("helm-cache").toString());
  }

  private void awaitRegistry() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    for (int i = 0; i < 300; i++) {
      try {
        if (http.send(
                    HttpRequest.newBuilder(URI.create("http://" + host + "/v2/")).build(),
                    HttpResponse.BodyHandlers.discarding())
                .statusCode()
            == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      assertTrue(registry.isAlive(), "docker-registry exited: " + log());
      Thread.sleep(100);
    }
    throw new AssertionError("docker-registry did not answer: " + log());
  }

  private String log() throws IOException {
    return Files.readString(dir.resolve("registry.log"));
  }

  private void push(String name, String version, String template, String values)
      throws IOException {
    Path src = TestCharts.source(dir.resolve("src"), name, version, template, values);
    Path packaged = Files.createDirectories(dir.resolve("packaged"));
    new Helm(src).packageIt().withDestination(packaged).call();
    Helm.push()
        .withChart(packaged.resolve(name + "-" + version + ".tgz"))
        .withRemote(URI.create("oci://" + host + "/charts"))
        .plainHttp()
        .call();
  }

  @AfterEach
  void stop() throws InterruptedException {
    System.clearProperty("spl.helm.cache");
    stopRegistry();
  }

  private void stopRegistry() throws InterruptedException {
    if (registry != null) {
      registry.destroy();
      if (!registry.waitFor(10, TimeUnit.SECONDS)) {
        registry.destroyForcibly().waitFor();
      }
      registry = null;
    }
  }

  private void write(String path, String text) throws IOException {
    Path p = dir.resolve("repo").resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private List<String> findings(CliRun run) {
    return TestCharts.findings(run, dir.resolve("repo"));
  }

  private CliRun lint(String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of("lint", "--gateway-api-version", "v1.6"));
    args.addAll(List.of(extra));
    args.add(dir.resolve("repo").toString());
    return CliRun.of(args.toArray(String[]::new));
  }

  private void ociRelease(String ref) throws IOException {
    write(
        "clusters/prod/web.yaml",
        """
        apiVersion: source.toolkit.fluxcd.io/v1
        kind: OCIRepository
        metadata:
          name: web
          namespace: shop
        spec:
          interval: 1h
          url: oci://%s/charts/web
          ref:
            %s
        ---
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata:
          name: web
          namespace: shop
        spec:
          interval: 10m
          chartRef:
            kind: OCIRepository
            name: web
          values:
            session:
              timeout: 2d
        """
            .formatted(host, ref));
  }

  @Test
  void aHelmReleaseChartRefToAnOciRepositoryIsPulledRenderedAndReportedAtItsValue()
      throws IOException {
    ociRelease("semver: \">=2.0.0\"");
    CliRun run = lint();
    assertEquals(List.of("clusters/prod/web.yaml:24:7: error SPL021"), findings(run), run.out());
    assertTrue(run.out().contains("(HTTPRoute shop/web,"), run.out());
    assertTrue(Files.isRegularFile(dir.resolve("helm-cache/web-2.0.1.tgz")), "kept in the cache");
  }

  @Test
  void aTagTheRegistryDoesNotHoldIsNamed() throws IOException {
    ociRelease("tag: 9.9.9");
    CliRun run = lint();
    assertEquals(List.of("clusters/prod/web.yaml:19:3: warning SPL006"), findings(run), run.out());
    assertTrue(run.out().contains("its chart was not pulled: "), run.out());
    assertTrue(
        run.out().contains("/v2/charts/web/manifests/9.9.9 is not in the registry"), run.out());
  }

  @Test
  void aHelmRepositoryOfTypeOciServesItsChartsByName() throws IOException {
    write(
        "clusters/prod/web.yaml",
        """
        apiVersion: source.toolkit.fluxcd.io/v1
        kind: HelmRepository
        metadata:
          name: charts
          namespace: flux-system
        spec:
          type: oci
          url: oci://%s/charts
        ---
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata:
          name: web
          namespace: shop
        spec:
          chart:
            spec:
              chart: web
              version: 2.0.x
              sourceRef: {kind: HelmRepository, name: charts, namespace: flux-system}
          values:
            session:
              timeout: 3d
        """
            .formatted(host));
    CliRun run = lint();
    assertEquals(List.of("clusters/prod/web.yaml:23:7: error SPL021"), findings(run), run.out());
  }

  @Test
  void aChartDependencyFromAnOciRegistryIsPulledAndRendered() throws IOException {
    write(
        "charts/app/Chart.yaml",
        "apiVersion: v2\nname: app\nversion: 0.1.0\ndependencies:\n- name: backend\n"
            + "  version: ~1.2.0\n  repository: oci://"
            + host
            + "/charts\n");
    write("charts/app/values.yaml", "{}\n");
    write("charts/app/templates/route.yaml", TestCharts.APP_ROUTE);
    CliRun run = lint();
    assertEquals(1, findings(run).size(), run.out());
    assertTrue(findings(run).get(0).endsWith("SPL110"), run.out());
    assertTrue(
        Files.isRegularFile(dir.resolve("helm-cache/backend-1.2.3.tgz")), "kept in the cache");
    assertFalse(Files.exists(dir.resolve("repo/charts/app/charts")), "nothing written in the tree");
  }

  /**
   * A registry in front of the real one that wants a bearer token, as ghcr.io and Docker Hub do for
   * anonymous pulls: 401 with a {@code Bearer realm=...} challenge, a token from the realm ({@code
   * grant}: whether the realm hands one out), then the real registry's answer.
   */
  private String tokenRegistry(boolean grant, java.util.concurrent.atomic.AtomicInteger asked)
      throws IOException {
    com.sun.net.httpserver.HttpServer front =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    String self = "127.0.0.1:" + front.getAddress().getPort();
    HttpClient http = HttpClient.newHttpClient();
    front.createContext(
        "/token",
        exchange -> {
          asked.incrementAndGet();
          boolean scoped =
              exchange.getRequestURI().getQuery().contains("scope=repository%3Acharts%2Fweb%3Apull")
                  || exchange
                      .getRequestURI()
                      .getQuery()
                      .contains("scope=repository:charts/web:pull");
          byte[] body = "{\"token\": \"anonymous-pull\"}".getBytes();
          if (grant && scoped) {
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
          } else {
            exchange.sendResponseHeaders(401, -1);
          }
          exchange.close();
        });
    front.createContext(
        "/v2/",
        exchange -> {
          if (!"Bearer anonymous-pull"
              .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            exchange
                .getResponseHeaders()
                .add(
                    "WWW-Authenticate",
                    "Bearer realm=\"http://"
                        + self
                        + "/token\",service=\"test\",scope=\"repository:charts/web:pull\"");
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
            return;
          }
          try {
            HttpResponse<byte[]> real =
                http.send(
                    HttpRequest.newBuilder(URI.create("http://" + host + exchange.getRequestURI()))
                        .header("Accept", exchange.getRequestHeaders().getFirst("Accept"))
                        .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            real.headers()
                .firstValue("Content-Type")
                .ifPresent(t -> exchange.getResponseHeaders().add("Content-Type", t));
            exchange.sendResponseHeaders(
                real.statusCode(), real.body().length == 0 ? -1 : real.body().length);
            if (real.body().length > 0) {
              exchange.getResponseBody().write(real.body());
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.sendResponseHeaders(502, -1);
          }
          exchange.close();
        });
    front.start();
    fronts.add(front);
    return self;
  }

  private final List<com.sun.net.httpserver.HttpServer> fronts = new java.util.ArrayList<>();

  @AfterEach
  void stopFronts() {
    fronts.forEach(f -> f.stop(0));
  }

  @Test
  void aRegistryThatHandsOutAnonymousTokensIsPulledWithOne() throws IOException {
    java.util.concurrent.atomic.AtomicInteger asked =
        new java.util.concurrent.atomic.AtomicInteger();
    String front = tokenRegistry(true, asked);
    ociRelease("tag: 2.0.1");
    write(
        "clusters/prod/web.yaml",
        Files.readString(dir.resolve("repo/clusters/prod/web.yaml")).replace(host, front));
    CliRun run = lint();
    assertEquals(List.of("clusters/prod/web.yaml:24:7: error SPL021"), findings(run), run.out());
    assertEquals(1, asked.get(), "one token for the repository, reused for manifest and blob");
  }

  @Test
  void aRegistryThatWantsCredentialsIsNamed() throws IOException {
    String front = tokenRegistry(false, new java.util.concurrent.atomic.AtomicInteger());
    ociRelease("tag: 2.0.1");
    write(
        "clusters/prod/web.yaml",
        Files.readString(dir.resolve("repo/clusters/prod/web.yaml")).replace(host, front));
    CliRun run = lint();
    assertEquals(List.of("clusters/prod/web.yaml:19:3: warning SPL006"), findings(run), run.out());
    assertTrue(
        run.out()
            .contains(
                "oci://"
                    + front
                    + "/charts/web needs credentials (HTTP 401), which spl does not send"),
        run.out());
  }

  @Test
  void withTheRegistryStoppedEachUnitThatNeedsItIsNamed() throws Exception {
    ociRelease("tag: 2.0.1");
    stopRegistry();
    CliRun run = lint();
    assertEquals(List.of("clusters/prod/web.yaml:19:3: warning SPL006"), findings(run), run.out());
    assertTrue(
        run.out()
            .contains(
                "its chart was not pulled: cannot reach http://"
                    + host
                    + ": nothing answers there"),
        run.out());
    // offline: nothing asked, and said so
    CliRun offline = lint("--offline");
    assertTrue(offline.out().contains("--offline: its chart oci://" + host), offline.out());
  }
}
