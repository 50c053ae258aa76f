package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * A homelab Flux repository as the common templates lay it out: per-app Flux Kustomizations ({@code
 * ks.yaml}) deploying {@code app/} with a component, a target namespace and post-build variables
 * (inline and from a cluster-settings ConfigMap). Each path is linted as kustomize-controller
 * builds it, by the real kustomize, and findings land in the files written.
 */
class FluxKustomizationsTest {
  @TempDir Path dir;

  @BeforeEach
  void repository() throws IOException {
    assumeTrue(KustomizeTool.of(KustomizeTool.AUTO).available(), "needs kubectl or kustomize");
    Files.createDirectories(dir.resolve("repo/.git"));
    write(
        "kubernetes/flux/cluster-settings.yaml",
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: cluster-settings
          namespace: flux-system
        data:
          TIMEOUT: 3d
        """);
    write("kubernetes/apps/shop/kustomization.yaml", "resources: [./web/ks.yaml]\n");
    write("kubernetes/apps/shop/web/app/kustomization.yaml", "resources: [route.yaml]\n");
    write(
        "kubernetes/apps/shop/web/app/route.yaml",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: ${APP}
        spec:
          parentRefs: [{name: public}]
          rules:
          - backendRefs: [{name: "${APP}", port: 8080}]
            sessionPersistence:
              sessionName: ${APP}-session
              absoluteTimeout: ${TIMEOUT:=1h}
        """);
    // the component gives every app a Service named after it, with ClientIP affinity
    write(
        "kubernetes/components/common/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources: [service.yaml]\n");
    write(
        "kubernetes/components/common/service.yaml",
        """
        apiVersion: v1
        kind: Service
        metadata:
          name: ${APP}
        spec:
          sessionAffinity: ClientIP
          selector: {app: "${APP}"}
          ports: [{port: 8080}]
        """);
  }

  private void ks(String substituteFrom) throws IOException {
    write(
        "kubernetes/apps/shop/web/ks.yaml",
        """
        apiVersion: kustomize.toolkit.fluxcd.io/v1
        kind: Kustomization
        metadata:
          name: web
          namespace: flux-system
        spec:
          interval: 1h
          path: ./kubernetes/apps/shop/web/app
          components: [../../../../components/common]
          targetNamespace: shop
          sourceRef: {kind: GitRepository, name: flux-system}
          postBuild:
            substitute:
              APP: web
            substituteFrom:
            - kind: %s
              name: cluster-settings
        """
            .formatted(substituteFrom));
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
  void aPathIsLintedAsItsFluxKustomizationBuildsIt() throws IOException {
    ks("ConfigMap");
    CliRun run = lint();
    // 3d from cluster-settings, in the target namespace, the component's Service beside it
    assertEquals(
        List.of(
            "kubernetes/apps/shop/web/app/route.yaml:11:7: error SPL021",
            "kubernetes/apps/shop/web/app/route.yaml:9:5: error SPL110"),
        TestCharts.findings(run, dir.resolve("repo")).stream().sorted().toList(),
        run.out());
    assertTrue(run.out().contains("absoluteTimeout \"3d\""), run.out());
    assertTrue(run.out().contains("(HTTPRoute shop/web,"), run.out());
    assertFalse(run.out().contains("${APP}"), "every variable substituted: " + run.out());
    assertTrue(run.out().contains("1 Flux Kustomization built"), run.out());
  }

  @Test
  void anObjectHoldingAVariableFromASecretIsLeftToFluxAndListed() throws IOException {
    ks("Secret");
    CliRun run = lint("--verbose");
    // TIMEOUT may come from the Secret: the route is not judged on "${TIMEOUT:=1h}"
    assertEquals(List.of(), TestCharts.findings(run, dir.resolve("repo")), run.out());
    assertTrue(
        run.out().contains("HTTPRoute shop/web: a Flux variable spl cannot read in spec"),
        run.out());
  }

  @Test
  void aBuildKustomizeRefusesIsNamedAndItsPathReadAsWritten() throws IOException {
    ks("ConfigMap");
    Files.delete(dir.resolve("repo/kubernetes/components/common/service.yaml"));
    Files.delete(dir.resolve("repo/kubernetes/components/common/kustomization.yaml"));
    Files.delete(dir.resolve("repo/kubernetes/components/common"));
    write(
        "kubernetes/apps/shop/web/app/route.yaml",
        Files.readString(dir.resolve("repo/kubernetes/apps/shop/web/app/route.yaml"))
            .replace("${TIMEOUT:=1h}", "2d")
            .replace("${APP}", "web"));
    CliRun run = lint();
    assertEquals(
        List.of(
            "kubernetes/apps/shop/web/app/route.yaml:11:7: error SPL021",
            "kubernetes/apps/shop/web/ks.yaml:8:3: warning SPL006"),
        TestCharts.findings(run, dir.resolve("repo")).stream().sorted().toList(),
        run.out());
    assertTrue(
        run.out().contains("its component ../../../../components/common is not in this repository"),
        run.out());
  }

  @Test
  void withoutKustomizeItIsSaidAndThePathReadAsWritten() throws IOException {
    ks("ConfigMap");
    CliRun run = lint("--kustomize", "none");
    assertTrue(
        TestCharts.findings(run, dir.resolve("repo"))
            .contains("kubernetes/apps/shop/web/ks.yaml:8:3: warning SPL006"),
        run.out());
  }

  @Test
  void aValueTheKustomizationsOwnPatchSetsIsFoundAtThePatchLine() throws IOException {
    ks("ConfigMap");
    Path ks = dir.resolve("repo/kubernetes/apps/shop/web/ks.yaml");
    Files.writeString(
        ks,
        Files.readString(ks)
            + """
              patches:
              - target: {kind: HTTPRoute}
                patch: |
                  - op: replace
                    path: /spec/rules/0/sessionPersistence/absoluteTimeout
                    value: 2d
            """);
    Files.writeString(
        dir.resolve("repo/kubernetes/flux/cluster-settings.yaml"),
        Files.readString(dir.resolve("repo/kubernetes/flux/cluster-settings.yaml"))
            .replace("TIMEOUT: 3d", "TIMEOUT: 1h"));
    CliRun run = lint();
    // the 2d is the Kustomization's own patch's (its value: line in ks.yaml), not route.yaml's
    assertEquals(
        List.of(
            "kubernetes/apps/shop/web/app/route.yaml:9:5: error SPL110",
            "kubernetes/apps/shop/web/ks.yaml:23:9: error SPL021"),
        TestCharts.findings(run, dir.resolve("repo")).stream().sorted().toList(),
        run.out());
  }
}
