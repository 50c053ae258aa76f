package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chart whose dependency lives in a chart repository, served on loopback as a static {@code
 * index.yaml} and a package Helm itself made: fetched as {@code helm dependency build} fetches it,
 * checked against the index's digest, kept in Helm's cache (here a directory of the test's own),
 * and rendered; with the repository gone or {@code --offline}, an SPL004 that says why.
 */
class ChartFetchTest {
  @TempDir Path dir;
  private HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();
  private Path cache;
  private String digest;

  @BeforeEach
  void repository() throws Exception {
    // the dependency: a Service with ClientIP affinity
    TestCharts.source(dir.resolve("src"), "backend", "1.2.3", TestCharts.BACKEND_SERVICE, "{}\n");
    Path served = Files.createDirectories(dir.resolve("served/charts"));
    new com.marcnuri.helm.Helm(dir.resolve("src/backend"))
        .packageIt()
        .withDestination(served)
        .call();
    Path tgz = served.resolve("backend-1.2.3.tgz");
    assertTrue(Files.isRegularFile(tgz), "helm package made the chart");
    digest =
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(tgz)));
    writeIndex(digest);
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/charts/",
        exchange -> {
          requests.incrementAndGet();
          Path f =
              served.resolve(exchange.getRequestURI().getPath().substring("/charts/".length()));
          byte[] body = Files.isRegularFile(f) ? Files.readAllBytes(f) : new byte[0];
          exchange.sendResponseHeaders(
              body.length == 0 ? 404 : 200, body.length == 0 ? -1 : body.length);
          if (body.length > 0) {
            exchange.getResponseBody().write(body);
          }
          exchange.close();
        });
    server.start();
    // the user's chart: a route persisting sessions to the dependency's Service
    Path app = Files.createDirectories(dir.resolve("repo/charts/app/templates"));
    Files.writeString(
        dir.resolve("repo/charts/app/Chart.yaml"),
        "apiVersion: v2\nname: app\nversion: 0.1.0\ndependencies:\n- name: backend\n"
            + "  version: ~1.2.0\n  repository: http://127.0.0.1:"
            + server.getAddress().getPort()
            + "/charts\n");
    Files.writeString(dir.resolve("repo/charts/app/values.yaml"), "{}\n");
    Files.writeString(app.resolve("route.yaml"), TestCharts.APP_ROUTE);
    cache = dir.resolve("helm-cache");
    System.setProperty("spl.helm.cache", cache.toString());
  }

  private void writeIndex(String sha) throws IOException {
    Files.writeString(
        dir.resolve("served/charts/index.yaml"),
        "apiVersion: v1\nentries:\n  backend:\n  - name: backend\n    version: 1.2.3\n"
            + "    digest: "
            + sha
            + "\n    urls: [backend-1.2.3.tgz]\n  - name: backend\n    version: 1.3.0\n"
            + "    urls: [backend-1.3.0.tgz]\n");
  }

  @AfterEach
  void stop() {
    System.clearProperty("spl.helm.cache");
    if (server != null) {
      server.stop(0);
    }
  }

  private List<String> rules(CliRun run) {
    return run.out()
        .lines()
        .filter(l -> l.matches(".*: (error|warning|info) SPL\\d{3} .*"))
        .map(l -> l.replaceFirst(".*: (error|warning|info) (SPL\\d{3}) .*", "$2"))
        .toList();
  }

  @Test
  void aDependencyFromAChartRepositoryIsFetchedIntoHelmsCacheAndRendered() {
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
    assertEquals(List.of("SPL110"), rules(run), run.out());
    // ~1.2.0 takes 1.2.3, not 1.3.0
    assertTrue(Files.isRegularFile(cache.resolve("backend-1.2.3.tgz")), "kept in Helm's cache");
    assertFalse(Files.exists(cache.resolve("backend-1.3.0.tgz")));
    assertFalse(
        Files.exists(dir.resolve("repo/charts/app/charts")), "nothing written in the user's tree");
    // the next run reads Helm's cache: the repository is not asked again
    server.stop(0);
    server = null;
    int before = requests.get();
    CliRun again =
        CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
    assertEquals(List.of("SPL110"), rules(again), again.out());
    assertEquals(before, requests.get());
  }

  @Test
  void aPackageThatDoesNotMatchTheIndexsDigestIsRefused() throws IOException {
    writeIndex("0".repeat(64));
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
    assertEquals(List.of("SPL004"), rules(run), run.out());
    assertTrue(run.out().contains("does not match the digest"), run.out());
    assertFalse(Files.exists(cache.resolve("backend-1.2.3.tgz")));
  }

  @Test
  void withTheRepositoryGoneTheChartIsNamedWithWhy() {
    server.stop(0);
    server = null;
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
    assertEquals(List.of("SPL004"), rules(run), run.out());
    assertTrue(
        run.out()
            .contains("its dependency backend was not fetched: cannot fetch http://127.0.0.1:"),
        run.out());
  }

  @Test
  void offlineFetchesNothingAndSaysSo() {
    CliRun run =
        CliRun.of(
            "lint", "--offline", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
    assertEquals(List.of("SPL004"), rules(run), run.out());
    assertTrue(run.out().contains("--offline: spl fetched nothing"), run.out());
    assertEquals(0, requests.get());
  }

  @Test
  void aLockedVersionWinsOverTheConstraint() throws IOException {
    Files.writeString(
        dir.resolve("repo/charts/app/Chart.lock"),
        "dependencies:\n- name: backend\n  repository: x\n  version: 1.2.3\n");
    Files.writeString(
        dir.resolve("repo/charts/app/Chart.yaml"),
        Files.readString(dir.resolve("repo/charts/app/Chart.yaml")).replace("~1.2.0", "\">=1.0\""));
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
    assertEquals(List.of("SPL110"), rules(run), run.out());
    assertTrue(Files.isRegularFile(cache.resolve("backend-1.2.3.tgz")));
  }
}
