package dev.spl.cli.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.cli.CliRun;
import dev.spl.cli.TestCharts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Argo CD Application whose source is a plain directory with options: {@code recurse} puts the
 * files of its subdirectories in one deployment (two routes of one host in {@code cart/} and {@code
 * search/} share a cookie name), {@code exclude} and {@code include} leave files out of it, and
 * jsonnet files, which spl does not evaluate, are said.
 */
class ArgoDirectorySourcesTest {
  @TempDir Path dir;

  @BeforeEach
  void repository() throws IOException {
    Files.createDirectories(dir.resolve("repo/.git"));
    write("apps/shop/cart/route.yaml", route("cart", "shop.example.com", "/cart"));
    write("apps/shop/search/route.yaml", route("search", "'*.example.com'", "/search"));
  }

  /** Two routes of one host in two directories, one cookie name: SPL103 when they run together. */
  private static String route(String name, String host, String path) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: %s
          namespace: shop
        spec:
          parentRefs: [{name: public}]
          hostnames: [%s]
          rules:
          - matches: [{path: {value: %s}}]
            backendRefs: [{name: %s, port: 80}]
            sessionPersistence:
              sessionName: shop-session
        """
        .formatted(name, host, path, name);
  }

  private void application(String directory) throws IOException {
    write("argocd/shop.yaml", ArgoKustomizeSourcesTest.application("directory", directory));
  }

  private void write(String path, String text) throws IOException {
    Path p = dir.resolve("repo").resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private List<String> findings(CliRun run) {
    return TestCharts.findings(run, dir.resolve("repo")).stream().sorted().toList();
  }

  private CliRun lint() {
    return CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
  }

  @Test
  void withoutTheApplicationEachDirectoryRunsAlone() {
    // the control: two directories that kubectl apply -f reads apart never meet
    CliRun run = lint();
    assertEquals(List.of(), findings(run), run.out());
  }

  @Test
  void aRecursingApplicationDeploysItsSubdirectoriesTogether() throws IOException {
    application("recurse: true\n");
    CliRun run = lint();
    assertEquals(
        List.of("apps/shop/search/route.yaml:13:7: warning SPL103"), findings(run), run.out());
  }

  @Test
  void whatItsGlobsLeaveOutIsNotDeployedWithIt() throws IOException {
    application("recurse: true\nexclude: 'search/*'\n");
    CliRun excluded = lint();
    assertEquals(List.of(), findings(excluded), excluded.out());
    application("recurse: true\ninclude: '{cart/*,search/*.yaml}'\n");
    CliRun included = lint();
    assertEquals(
        List.of("apps/shop/search/route.yaml:13:7: warning SPL103"),
        findings(included),
        included.out());
  }

  @Test
  void jsonnetFilesAreSaidNotEvaluated() throws IOException {
    application("recurse: true\n");
    write("apps/shop/config/app.jsonnet", "{ apiVersion: 'v1', kind: 'ConfigMap' }\n");
    write("apps/shop/config/lib.libsonnet", "{}\n");
    CliRun run = lint();
    assertTrue(findings(run).contains("argocd/shop.yaml:10:5: warning SPL006"), run.out());
    assertTrue(
        run.out()
            .contains(
                "spl does not evaluate jsonnet, and Argo CD deploys what config/app.jsonnet in apps/shop evaluates to"),
        run.out());
    application("recurse: true\nexclude: '*.jsonnet'\n");
    CliRun excluded = lint();
    assertTrue(
        !findings(excluded).contains("argocd/shop.yaml:10:5: warning SPL006"), excluded.out());
  }
}
