package dev.spl.cli.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * ApplicationSets whose generators need only the repository (a list, git directories) are expanded
 * as the ApplicationSet controller expands them, and each Application they make is read as a
 * written one is: a chart rendered with the values the template fills in, a kustomization built
 * with its options.
 */
class ApplicationSetsTest {
  @TempDir Path dir;

  @BeforeEach
  void repository() throws IOException {
    Files.createDirectories(dir.resolve("repo/.git"));
    TestCharts.source(
        dir.resolve("repo/charts"), "web", "2.0.1", TestCharts.WEB_ROUTE, TestCharts.WEB_VALUES);
  }

  private void write(String path, String text) throws IOException {
    Path p = dir.resolve("repo").resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private CliRun lint() {
    return CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("repo").toString());
  }

  private static final String LIST_SET =
      """
      apiVersion: argoproj.io/v1alpha1
      kind: ApplicationSet
      metadata:
        name: web
        namespace: argocd
      spec:
        generators:
        - list:
            elements:
            - {env: dev, timeout: 1h}
            - {env: prod, timeout: 2d}
        template:
          metadata:
            name: 'web-{{env}}'
          spec:
            project: default
            destination: {server: https://kubernetes.default.svc, namespace: 'web-{{env}}'}
            source:
              repoURL: https://github.com/example/shop
              path: charts/web
              helm:
                valuesObject:
                  session:
                    timeout: '{{timeout}}'
      """;

  @Test
  void aListGeneratorsApplicationsAreRenderedWithTheValuesTheTemplateFills() throws IOException {
    write("argocd/web.yaml", LIST_SET);
    CliRun run = lint();
    // prod's 2d, at the template's value; dev's 1h and the chart's own defaults say nothing
    assertEquals(
        List.of("argocd/web.yaml:24:15: error SPL021"),
        TestCharts.findings(run, dir.resolve("repo")),
        run.out());
    assertTrue(run.out().contains("(HTTPRoute web-prod/web-prod,"), run.out());
    assertTrue(run.out().contains("2 Applications built"), run.out());
  }

  @Test
  void gitDirectoriesAreEachAnApplicationBuiltWithItsOptions() throws IOException {
    assumeTrue(KustomizeTool.of(KustomizeTool.AUTO).available(), "needs kubectl or kustomize");
    for (String app : List.of("cart", "search", "legacy")) {
      write("apps/" + app + "/kustomization.yaml", "resources: [route.yaml]\n");
      write(
          "apps/" + app + "/route.yaml",
          TestCharts.APP_ROUTE
              .replace("name: app", "name: " + app)
              .replace("sessionName: app-session", "sessionName: s\n      absoluteTimeout: 3d"));
    }
    write(
        "argocd/apps.yaml",
        """
        apiVersion: argoproj.io/v1alpha1
        kind: ApplicationSet
        metadata:
          name: apps
          namespace: argocd
        spec:
          goTemplate: true
          generators:
          - git:
              repoURL: https://github.com/example/shop
              revision: HEAD
              directories:
              - path: apps/*
              - path: apps/legacy
                exclude: true
          template:
            metadata:
              name: '{{.path.basename}}'
            spec:
              project: default
              destination: {server: https://kubernetes.default.svc}
              source:
                repoURL: https://github.com/example/shop
                path: '{{.path.path}}'
                kustomize:
                  namespace: 'shop-{{.path.basename}}'
        """);
    CliRun run = lint();
    // cart and search as deployed (in their namespaces); legacy, excluded, read as written
    assertEquals(
        List.of(
            "apps/cart/route.yaml:11:7: error SPL021",
            "apps/legacy/route.yaml:11:7: error SPL021",
            "apps/search/route.yaml:11:7: error SPL021"),
        TestCharts.findings(run, dir.resolve("repo")).stream().sorted().toList(),
        run.out());
    assertTrue(run.out().contains("(HTTPRoute shop-cart/cart,"), run.out());
    assertTrue(run.out().contains("(HTTPRoute shop-search/search,"), run.out());
    assertTrue(run.out().contains("(HTTPRoute default/legacy,"), run.out());
  }

  @Test
  void aGeneratorThatNeedsTheClusterIsNamed() throws IOException {
    write(
        "argocd/web.yaml",
        LIST_SET.replace(
            "  - list:\n      elements:\n      - {env: dev, timeout: 1h}\n      - {env: prod, timeout: 2d}\n",
            "  - clusters: {}\n"));
    CliRun run = lint();
    assertEquals(
        List.of("argocd/web.yaml:7:3: warning SPL006"),
        TestCharts.findings(run, dir.resolve("repo")),
        run.out());
    assertTrue(run.out().contains("spl does not expand its clusters generator"), run.out());
  }

  @Test
  void theGitDirectoryParameters() {
    var p = ApplicationSets.pathParams("apps/My_App");
    assertEquals("apps/My_App", p.get("path"));
    assertEquals("My_App", p.get("path.basename"));
    assertEquals("my-app", p.get("path.basenameNormalized"));
    assertEquals("apps", p.get("path[0]"));
  }
}
