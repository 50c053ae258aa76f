package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.spl.cli.read.KustomizeTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kustomizations built by the real kustomize ({@code kubectl kustomize} here): patches applied,
 * each finding at the line of the patch or base that wrote the value, overlays of one base as
 * variants, and what kustomize refuses an SPL006 with spl's own reading as the fallback.
 */
class KustomizeBuildTest {
  @TempDir Path repo;

  private static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        name: cart
      spec:
        parentRefs: [{name: public}]
        hostnames: [shop.example.com]
        rules:
        - backendRefs: [{name: cart, port: 8080}]
          sessionPersistence:
            sessionName: cart-session
            absoluteTimeout: 1h
      """;

  @BeforeEach
  void needsKustomize() {
    assumeTrue(
        KustomizeTool.of(KustomizeTool.AUTO).available(),
        "needs kustomize or kubectl on the PATH (CI installs kubectl)");
  }

  private void write(String path, String text) throws IOException {
    Path p = repo.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  /** A base route and two overlays, each patching its own hostname, one with {@code patch}. */
  private void overlays(String prodPatch) throws IOException {
    write("base/route.yaml", ROUTE);
    write("base/kustomization.yaml", "resources: [route.yaml]\n");
    for (String env : List.of("dev", "prod")) {
      write(
          "overlays/" + env + "/kustomization.yaml",
          "resources: [../../base]\nnamespace: shop-"
              + env
              + "\npatches:\n- path: hostname.yaml\n"
              + (env.equals("prod") ? "- path: session.yaml\n" : ""));
      write(
          "overlays/" + env + "/hostname.yaml",
          "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: cart\n"
              + "spec:\n  hostnames: ["
              + env
              + ".shop.example.com]\n");
    }
    write("overlays/prod/session.yaml", prodPatch);
  }

  private List<String> findings(CliRun run) {
    String root = repo + "/";
    return run.out()
        .lines()
        .filter(l -> l.matches(".*:\\d+:\\d+.*: (error|warning|info) SPL\\d{3} .*"))
        .map(l -> l.replace(root, "").replaceFirst("(SPL\\d{3}) .*", "$1"))
        .toList();
  }

  @Test
  void aPatchsMistakeIsFoundAtThePatchLineAndOverlaysOfOneBaseDoNotCollide() throws IOException {
    overlays(
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: cart
        spec:
          rules:
          - backendRefs: [{name: cart, port: 8080}]
            sessionPersistence:
              sessionName: cart-session
              absoluteTimeout: 2d
        """);
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString());
    assertEquals(
        List.of("overlays/prod/session.yaml:10:7: error SPL021"), findings(run), run.out());
    assertTrue(run.out().contains("HTTPRoute shop-prod/cart"), run.out());
    // the summary counts the builds, --verbose names them, JSON lists them
    assertTrue(run.out().contains("; 2 kustomize builds built\n"), run.out());
    CliRun verbose =
        CliRun.of("lint", "--verbose", "--gateway-api-version", "v1.6", repo.toString());
    assertTrue(verbose.out().contains("built: kustomize build "), verbose.out());
    CliRun json =
        CliRun.of("lint", "--format", "json", "--gateway-api-version", "v1.6", repo.toString());
    assertTrue(json.out().contains("\"kind\":\"kustomize build\""), json.out());
    assertTrue(json.out().contains("\"built\":true"), json.out());
  }

  @Test
  void aJson6902PatchsValueIsWhereTheFindingLands() throws IOException {
    overlays("[]\n");
    write(
        "overlays/prod/kustomization.yaml",
        """
        resources: [../../base]
        namespace: shop-prod
        patches:
        - path: hostname.yaml
        - target: {kind: HTTPRoute, name: cart}
          patch: |-
            - op: add
              path: /spec/rules/0/sessionPersistence/idleTimeout
              value: 30m
        """);
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString());
    // v1.6 has no idleTimeout; the inline patch's value line, in the kustomization
    assertEquals(
        List.of("overlays/prod/kustomization.yaml:9:7: error SPL026"), findings(run), run.out());
  }

  @Test
  void aBaseMistakeBuiltByTwoOverlaysIsOneFindingAtTheBase() throws IOException {
    overlays("[]\n");
    Files.writeString(
        repo.resolve("overlays/prod/kustomization.yaml"),
        "resources: [../../base]\nnamespace: shop-prod\npatches:\n- path: hostname.yaml\n");
    write("base/route.yaml", ROUTE.replace("absoluteTimeout: 1h", "absoluteTimeout: 1d"));
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString());
    assertEquals(List.of("base/route.yaml:12:7: error SPL021"), findings(run), run.out());
  }

  @Test
  void aBuildKustomizeRefusesIsAnSpl006AndItsFilesAreStillRead() throws IOException {
    write("base/route.yaml", ROUTE.replace("absoluteTimeout: 1h", "absoluteTimeout: 1d"));
    write("base/kustomization.yaml", "resources: [route.yaml]\n");
    write(
        "overlay/kustomization.yaml",
        "resources: [../base]\npatches:\n- path: missing-target.yaml\n");
    write(
        "overlay/missing-target.yaml",
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: nowhere\n"
            + "spec:\n  sessionAffinity: ClientIP\n");
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString());
    assertEquals(
        List.of(
            "base/route.yaml:12:7: error SPL021", "overlay/kustomization.yaml:1:1: warning SPL006"),
        findings(run),
        run.out());
    assertTrue(
        run.out()
            .contains(
                "overlay not built: kustomize says: no resource matches strategic merge patch"),
        run.out());
    assertTrue(run.out().contains("without patches"), run.out());
    assertTrue(run.out().contains("; 0 kustomize builds built, 1 not built (SPL006)"), run.out());
  }

  @Test
  void withoutKustomizeAPatchedBuildSaysWhatWasLeftOut() throws IOException {
    overlays("[]\n");
    CliRun run =
        CliRun.of("lint", "--kustomize", "none", "--gateway-api-version", "v1.6", repo.toString());
    assertEquals(
        List.of(
            "overlays/dev/kustomization.yaml:1:1: warning SPL006",
            "overlays/prod/kustomization.yaml:1:1: warning SPL006"),
        findings(run),
        run.out());
    assertTrue(
        run.out()
            .contains(
                "not built: --kustomize none; spl read its files itself, without" + " patches"),
        run.out());
  }

  @Test
  void aRemoteResourceThatCannotBeFetchedIsNamedAndTheRestIsRead() throws IOException {
    write("app/route.yaml", ROUTE.replace("absoluteTimeout: 1h", "absoluteTimeout: 1d"));
    // port 9 (discard) on loopback: refused at once, no network needed
    write("app/kustomization.yaml", "resources:\n- http://127.0.0.1:9/remote.yaml\n- route.yaml\n");
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString());
    assertEquals(
        List.of("app/kustomization.yaml:1:1: warning SPL006", "app/route.yaml:12:7: error SPL021"),
        findings(run),
        run.out());
    assertTrue(run.out().contains("the remote resource http://127.0.0.1:9/remote.yaml"), run.out());
  }

  @Test
  void aFileNamedWithItsContextIsJudgedAsTheWalkJudgesIt() throws IOException {
    overlays(
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: cart
        spec:
          rules:
          - backendRefs: [{name: cart, port: 8080}]
            sessionPersistence:
              sessionName: cart-session
              absoluteTimeout: 2d
        """);
    String patch = repo.resolve("overlays/prod/session.yaml").toString();
    CliRun run =
        CliRun.of("lint", "--gateway-api-version", "v1.6", "--context", repo.toString(), patch);
    assertEquals(
        List.of("overlays/prod/session.yaml:10:7: error SPL021"), findings(run), run.out());
  }

  @Test
  void aBaseFileNamedWithItsContextGetsWhatTheWholeLintSaysOfIt() throws IOException {
    overlays("[]\n");
    for (String env : List.of("dev", "prod")) {
      Files.writeString(
          repo.resolve("overlays/" + env + "/kustomization.yaml"),
          "resources: [../../base]\nnamespace: shop-"
              + env
              + "\npatches:\n- path: hostname.yaml\n");
    }
    write(
        "base/service.yaml",
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: cart\nspec:\n"
            + "  sessionAffinity: ClientIP\n  ports: [{port: 8080}]\n");
    write("base/kustomization.yaml", "resources: [route.yaml, service.yaml]\n");
    List<String> whole =
        findings(CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString()));
    assertEquals(List.of("base/route.yaml:10:5: error SPL110"), whole);
    for (String file : List.of("base/service.yaml", "base/route.yaml")) {
      CliRun one =
          CliRun.of(
              "lint",
              "--gateway-api-version",
              "v1.6",
              "--context",
              repo.toString(),
              repo.resolve(file).toString());
      assertEquals(whole, findings(one), file + ": " + one.out());
    }
  }

  @Test
  void aRemoteFileKustomizeFetchesIsLintedAtTheLineThatListsIt() throws IOException {
    com.sun.net.httpserver.HttpServer server =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    byte[] route =
        ROUTE
            .replace("absoluteTimeout: 1h", "absoluteTimeout: 3d")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    server.createContext(
        "/route.yaml",
        exchange -> {
          exchange.sendResponseHeaders(200, route.length);
          exchange.getResponseBody().write(route);
          exchange.close();
        });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/route.yaml";
      write("app/kustomization.yaml", "resources:\n- " + url + "\n");
      CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", repo.toString());
      assertEquals(List.of("app/kustomization.yaml:2:3: error SPL021"), findings(run), run.out());
      // --offline: kustomize is not run on it, and the build is said to be unread
      CliRun offline =
          CliRun.of("lint", "--offline", "--gateway-api-version", "v1.6", repo.toString());
      assertEquals(
          List.of("app/kustomization.yaml:1:1: warning SPL006"), findings(offline), offline.out());
      assertTrue(offline.out().contains("--offline"), offline.out());
    } finally {
      server.stop(0);
    }
  }
}
