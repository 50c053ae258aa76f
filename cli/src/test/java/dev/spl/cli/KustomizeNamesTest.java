package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kustomize build's namePrefix and nameSuffix as {@code spl lint} applies them: objects renamed,
 * an Ingress's Services renamed with them, Gateway API references left as written (SPL105).
 */
class KustomizeNamesTest {
  private static final String BASE =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: shop, namespace: web}
      spec:
        selector: {app: shop}
        ports: [{port: 80}]
        sessionAffinity: ClientIP
      ---
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: shop
        namespace: web
        annotations: {nginx.ingress.kubernetes.io/service-upstream: "true"}
      spec:
        ingressClassName: nginx
        rules:
        - http:
            paths:
            - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: shop, namespace: web}
      spec:
        rules:
        - backendRefs: [{name: shop, port: 80}]
          sessionPersistence: {sessionName: shop}
      """;

  // The base as written: the route's persistence meets the Service's ClientIP affinity (SPL110).
  private static final List<String> UNRENAMED =
      List.of(
          "base/shop.yaml:7:3: warning SPL153 (Service web/shop",
          "base/shop.yaml:28:5: error SPL110 (HTTPRoute web/shop");

  private static Path repo(Path temp, String... overlays) throws IOException {
    Files.createDirectories(temp.resolve("base"));
    Files.writeString(temp.resolve("base/shop.yaml"), BASE);
    Files.writeString(temp.resolve("base/kustomization.yaml"), "resources: [shop.yaml]\n");
    for (int i = 0; i < overlays.length; i += 2) {
      Path dir = temp.resolve("overlays").resolve(overlays[i]);
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve("kustomization.yaml"), overlays[i + 1] + "resources: [../../base]\n");
    }
    return temp;
  }

  private static List<String> findings(CliRun run) {
    return run.out()
        .lines()
        .filter(l -> l.matches(".*:\\d+:\\d+: (error|warning|info) SPL\\d{3} .*"))
        .map(
            l ->
                l.replaceFirst("^.*?(base/\\S+: \\w+ SPL\\d{3}).*?(\\((?:\\w+) \\S+),.*$", "$1 $2"))
        .toList();
  }

  @Test
  void anOverlaysPrefixRenamesTheIngressesServicesButNotTheRoutes(@TempDir Path temp)
      throws IOException {
    Path root = repo(temp, "prod", "namePrefix: prod-\nnameSuffix: -v2\n");
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", root.toString());
    assertEquals(
        List.of(
            // the Ingress still reaches the renamed Service: kustomize rewrote its backend
            "base/shop.yaml:7:3: warning SPL153 (Service web/prod-shop-v2",
            "base/shop.yaml:27:20: warning SPL105 (HTTPRoute web/prod-shop-v2"),
        // (no SPL110: after the build the route's backend is no Service with ClientIP affinity)
        findings(run),
        run.out());
    assertTrue(
        run.out()
            .contains(
                "kustomize build "
                    + root.resolve("overlays/prod")
                    + " renames Service shop to prod-shop-v2, not this reference"),
        run.out());
  }

  @Test
  void aBaseTheOverlaysNameDifferentlyIsJudgedAsEachBuildBuildsIt(@TempDir Path temp)
      throws IOException {
    // each overlay's copy of the base, named as that overlay names it: what `spl lint
    // overlays/dev` and `spl lint overlays/prod` report, from the root
    Path root = repo(temp, "dev", "namePrefix: dev-\n", "prod", "namePrefix: prod-\n");
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", root.toString());
    assertEquals(
        List.of(
            "base/shop.yaml:7:3: warning SPL153 (Service web/dev-shop",
            "base/shop.yaml:7:3: warning SPL153 (Service web/prod-shop",
            "base/shop.yaml:27:20: warning SPL105 (HTTPRoute web/dev-shop",
            "base/shop.yaml:27:20: warning SPL105 (HTTPRoute web/prod-shop"),
        findings(run),
        run.out());
    for (String build : List.of("dev", "prod")) {
      assertTrue(
          run.out()
              .contains(
                  "kustomize build "
                      + root.resolve("overlays/" + build)
                      + " renames Service shop to "
                      + build
                      + "-shop"),
          run.out());
    }
    // and a base both overlays build alike is read once: one finding each
    Path alike = repo(temp.resolve("alike"), "dev", "", "prod", "");
    assertEquals(
        UNRENAMED, findings(CliRun.of("lint", "--gateway-api-version", "v1.6", alike.toString())));
  }

  @Test
  void aBuildThatMayRewriteMoreReferencesIsNotRenamed(@TempDir Path temp) throws IOException {
    // replacements: can copy the Service's new name into the route; spl cannot tell, so it says
    // nothing of the references and lints the objects by their written names.
    // spl's own reading, as without kustomize (which refuses this replacements: entry).
    Path root = repo(temp, "prod", "namePrefix: prod-\nreplacements:\n- path: replacements.yaml\n");
    CliRun run =
        CliRun.of("lint", "--kustomize", "none", "--gateway-api-version", "v1.6", root.toString());
    assertEquals(
        UNRENAMED, findings(run).stream().filter(f -> !f.contains("SPL006")).toList(), run.out());
    // and it says what its own reading left out
    assertTrue(
        run.out().contains("not built: --kustomize none; spl read its files itself, without"),
        run.out());
  }

  /**
   * The names spl gives and the references it leaves are kustomize's own: checked against {@code
   * kubectl kustomize} where kubectl is installed (it is on the development machine; the build does
   * not need it).
   */
  @Test
  void theNamesAreTheOnesKustomizeBuilds(@TempDir Path temp) throws Exception {
    Path root = repo(temp, "prod", "namePrefix: prod-\nnameSuffix: -v2\n");
    // kubectl is not one of the tools CI installs: a machine without it skips this comparison
    Assumptions.assumeTrue(
        ToolsNeeded.onPath("kubectl", "version", "--client"), "kubectl is not installed");
    Command.Result kustomize =
        Command.of("kubectl", "kustomize", root.resolve("overlays/prod").toString())
            .timeout(Duration.ofSeconds(60))
            .run();
    String built = kustomize.out();
    assertEquals(0, kustomize.status(), kustomize.err());
    // every object renamed, the Ingress's backend with them, the route's backendRef not
    assertEquals(3, built.split("name: prod-shop-v2\n", -1).length - 1 - 1, built);
    assertTrue(built.contains("service:\n            name: prod-shop-v2"), built);
    assertTrue(built.contains("backendRefs:\n    - name: shop\n"), built);
  }
}
