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
 * An Argo CD Application deploying a kustomization of its own repository with kustomize options
 * (the shape of aks-store-demo's {@code sample-manifests/argocd}): the path is linted as the repo
 * server builds it, by the real kustomize, once, and findings land in the files written.
 */
class ArgoKustomizeSourcesTest {
  @TempDir Path dir;

  @BeforeEach
  void repository() throws IOException {
    Files.createDirectories(dir.resolve("repo/.git"));
    write("apps/shop/kustomization.yaml", "resources: [route.yaml]\n");
    write(
        "apps/shop/route.yaml",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: web
        spec:
          parentRefs: [{name: public}]
          rules:
          - backendRefs: [{name: web, port: 8080}]
            sessionPersistence:
              sessionName: web-session
              absoluteTimeout: 3d
        """);
  }

  private void application(String kustomize) throws IOException {
    write("argocd/shop.yaml", application("kustomize", kustomize));
  }

  /** The Application shop deploying apps/shop of this repository with {@code options}. */
  static String application(String key, String options) {
    return """
        apiVersion: argoproj.io/v1alpha1
        kind: Application
        metadata:
          name: shop
          namespace: argocd
        spec:
          project: default
          destination: {server: https://kubernetes.default.svc, namespace: shop}
          source:
            repoURL: https://github.com/example/shop
            targetRevision: HEAD
            path: apps/shop
            %s:
        %s
        """
        .formatted(key, options.indent(6).stripTrailing());
  }

  private void write(String path, String text) throws IOException {
    Path p = dir.resolve("repo").resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private CliRun lint(String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of("lint", "--gateway-api-version", "v1.6"));
    args.addAll(List.of(extra));
    args.add(dir.resolve("repo").toString());
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void thePathIsLintedOnceAsTheApplicationBuildsIt() throws IOException {
    assumeTrue(KustomizeTool.of(KustomizeTool.AUTO).available(), "needs kubectl or kustomize");
    application("namePrefix: prod-\nnamespace: shop-prod\n");
    CliRun run = lint();
    // one finding, on the object the Application deploys (not also on apps/shop as written)
    assertEquals(
        List.of("apps/shop/route.yaml:11:7: error SPL021"),
        TestCharts.findings(run, dir.resolve("repo")),
        run.out());
    assertTrue(run.out().contains("(HTTPRoute shop-prod/prod-web,"), run.out());
    assertTrue(run.out().contains("1 Application built"), run.out());
  }

  @Test
  void aValueTheApplicationsPatchSetsIsFoundAtThePatchLine() throws IOException {
    assumeTrue(KustomizeTool.of(KustomizeTool.AUTO).available(), "needs kubectl or kustomize");
    write(
        "apps/shop/route.yaml",
        Files.readString(dir.resolve("repo/apps/shop/route.yaml")).replace("3d", "1h"));
    application(
        """
        patches:
        - target: {kind: HTTPRoute, name: web}
          patch: |
            - op: replace
              path: /spec/rules/0/sessionPersistence/absoluteTimeout
              value: 2d
        """);
    CliRun run = lint();
    assertEquals(
        List.of("argocd/shop.yaml:19:13: error SPL021"),
        TestCharts.findings(run, dir.resolve("repo")),
        run.out());
    assertTrue(run.out().contains("\"2d\""), run.out());
  }

  @Test
  void aComponentNotInTheRepositoryIsNamedAndThePathReadAsWritten() throws IOException {
    assumeTrue(KustomizeTool.of(KustomizeTool.AUTO).available(), "needs kubectl or kustomize");
    application("components: [../../components/missing]\n");
    CliRun run = lint();
    assertEquals(
        List.of("apps/shop/route.yaml:11:7: error SPL021", "argocd/shop.yaml:13:5: warning SPL006"),
        TestCharts.findings(run, dir.resolve("repo")).stream().sorted().toList(),
        run.out());
    assertTrue(run.out().contains("its component ../../components/missing is not in"), run.out());
  }

  @Test
  void withoutKustomizeItIsSaid() throws IOException {
    application("namespace: shop-prod\n");
    CliRun run = lint("--kustomize", "none");
    assertTrue(
        TestCharts.findings(run, dir.resolve("repo"))
            .contains("argocd/shop.yaml:13:5: warning SPL006"),
        run.out());
  }

  @Test
  void anImageAsKustomizeEditTakesIt() {
    assertEquals(
        java.util.Map.of("name", "nginx", "newTag", "1.27"),
        KustomizeDeployments.image("nginx:1.27"));
    assertEquals(
        java.util.Map.of("name", "web", "newName", "registry:5000/shop/web", "newTag", "v2"),
        KustomizeDeployments.image("web=registry:5000/shop/web:v2"));
    assertEquals(
        java.util.Map.of("name", "registry:5000/web", "digest", "sha256:ab"),
        KustomizeDeployments.image("registry:5000/web@sha256:ab"));
  }
}
