package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.cli.read.DisplayPath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spl lint .} with no flags on a repository laid out as platform teams lay theirs out:
 * vendored Gateway API CRDs, a kustomize base with dev and prod overlays (patches included), a Helm
 * chart, plain manifests, CI and tool configs. The output must be exactly its two real problems: a
 * session name shared by two routes on one hostname, and a bad duration that only the chart's
 * rendering shows.
 */
class RepositoryLintTest {
  static final Path SHOP = Path.of("src/test/resources/repos/shop");

  private static final List<String> REAL_PROBLEMS =
      List.of(
          "charts/storefront/templates/httproute.yaml:18:7 [helm template charts/storefront]:"
              + " error SPL021",
          "manifests/search.yaml:22:7: warning SPL103");

  @Test
  void reportsExactlyTheRealProblemsWithTheVersionOfItsCrds() {
    CliRun run = CliRun.of("lint", SHOP.toString());
    assertEquals(1, run.status(), run.out() + run.err());
    assertEquals(REAL_PROBLEMS, findings(run.out(), SHOP.toString() + "/"), run.out());
    assertTrue(run.out().contains("Gateway API v1.4 (Gateway API CRDs in " + SHOP), run.out());
    assertTrue(run.out().contains("skipped 8 files"), run.out());
    assertEquals("", run.err());
  }

  /**
   * The README's showcase as written: {@code spl lint .} from inside the directory, and through two
   * other spellings of its path; the same findings each time, and the README's own lines.
   */
  @Test
  void theReadmesShowcaseReproducesAsWrittenWhateverThePathsSpelling() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    ProcessBuilder pb =
        new ProcessBuilder(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.spl.cli.Spl",
                "lint",
                ".")
            .directory(SHOP.toFile())
            .redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(1, p.waitFor(), out);
    assertEquals(REAL_PROBLEMS, findings(out, ""), out);
    String readme = Files.readString(Path.of("../README.md"));
    String block = readme.substring(readme.indexOf("$ ./spl lint .\n") + 15);
    block = block.substring(0, block.indexOf("```"));
    assertEquals(block.strip(), out.strip(), "the README's showcase differs from the run");
    for (String spelling : List.of(SHOP.toString(), SHOP.toAbsolutePath().toString())) {
      String spelt = CliRun.of("lint", spelling).out();
      // a path is shown as typed, or relative to the working directory: taken off either way
      String relative = DisplayPath.of(Path.of(spelling)) + "/";
      assertEquals(
          REAL_PROBLEMS, findings(spelt.replace(spelling + "/", relative), relative), spelling);
    }
  }

  @Test
  void withoutItsCrdsTheNewestReleaseFindsTheSame(@TempDir Path temp) throws IOException {
    Path copy = temp.resolve("shop");
    copyTree(SHOP, copy);
    deleteTree(copy.resolve("vendor"));
    CliRun run = CliRun.of("lint", copy.toString());
    assertEquals(1, run.status(), run.out() + run.err());
    assertEquals(REAL_PROBLEMS, findings(run.out(), copy + "/"), run.out());
    assertTrue(run.out().contains("Gateway API v1.6 (the newest release"), run.out());
  }

  @Test
  void overlaysTakenAsOneBuildWouldDuplicate(@TempDir Path temp) throws IOException {
    // Control: the prod overlay's route (a longer session than dev's) beside dev's, with no
    // kustomization to tell them apart, is one directory as kubectl apply -f reads it: one build
    // that defines the route twice with different session persistence.
    Path copy = temp.resolve("shop");
    copyTree(SHOP, copy);
    for (String env : List.of("dev", "prod")) {
      Files.delete(copy.resolve("deploy/overlays/" + env + "/kustomization.yaml"));
    }
    Files.move(
        copy.resolve("deploy/overlays/prod/route.yaml"),
        copy.resolve("deploy/overlays/dev/route-prod.yaml"));
    String out = CliRun.of("lint", copy.toString()).out();
    assertTrue(out.contains("route.yaml:5:3: warning SPL104 defined twice, with different"), out);
    // apart in their own directories, they are two units again
    Files.move(
        copy.resolve("deploy/overlays/dev/route-prod.yaml"),
        copy.resolve("deploy/overlays/prod/route.yaml"));
    assertFalse(CliRun.of("lint", copy.toString()).out().contains("SPL104"));
  }

  @Test
  void anOverlayLintedAloneReadsItsBaseWhereverItIs() {
    // the path a `kustomize build overlays/prod` CI job lints: the base is outside it
    CliRun run = CliRun.of("lint", "--verbose", SHOP.resolve("deploy/overlays/prod").toString());
    assertEquals("", run.err());
    assertEquals(0, run.status(), run.out());
    // the overlay's route and the base's Gateway and Service
    assertTrue(run.out().contains("in 3 files (3 documents, 3 resources)"), run.out());
    assertTrue(run.out().contains("(kustomize patch"), run.out());
  }

  @Test
  void anOverlaysNamespaceIsTheNamespaceOfItsObjects(@TempDir Path temp) throws IOException {
    Path copy = temp.resolve("shop");
    copyTree(SHOP, copy);
    Path route = copy.resolve("deploy/overlays/dev/route.yaml");
    Files.writeString(
        route, Files.readString(route).replace("absoluteTimeout: 12h", "absoluteTimeout: 1d"));
    String out = CliRun.of("lint", copy.toString()).out();
    // kustomize's namespace transformer: the dev overlay sets namespace shop-dev
    assertTrue(out.contains("(HTTPRoute shop-dev/checkout, spec.rules[0]"), out);
  }

  @Test
  void aStagedFileGetsTheVersionOfTheCrdsInItsContext() {
    // pre-commit: only the staged file is a PATH; the repository around it is --context
    CliRun run =
        CliRun.of(
            "lint", "--context", SHOP.toString(), SHOP.resolve("manifests/cart.yaml").toString());
    assertTrue(run.out().contains("Gateway API v1.4 (Gateway API CRDs in "), run.out());
    // the collision is reported on the staged file, against the route committed earlier
    assertEquals(
        List.of("manifests/cart.yaml:13:7: warning SPL103"), findings(run.out(), SHOP + "/"));
  }

  @Test
  void verboseListsWhatWasSkippedAndWhy() {
    String out = CliRun.of("lint", "--verbose", SHOP.toString()).out();
    assertTrue(
        out.contains(
            "skipped: " + SHOP + "/deploy/overlays/dev/service-patch.yaml (kustomize patch"),
        out);
    assertTrue(
        out.contains("skipped: " + SHOP + "/deploy/base/kustomization.yaml (kustomization)"), out);
    assertTrue(out.contains("skipped: " + SHOP + "/mkdocs.yml (no Kubernetes object)"), out);
  }

  @Test
  void theRootReportsWhatOneOverlaysBuildShowsOnceWithRelativePaths(@TempDir Path temp)
      throws IOException {
    // issue 45: a namePrefix only the prod overlay sets renames the Service and Gateway its route
    // names; `spl lint deploy/overlays/prod` said so, `spl lint .` did not
    Path copy = temp.resolve("shop");
    copyTree(SHOP, copy);
    Path prod = copy.resolve("deploy/overlays/prod/kustomization.yaml");
    Files.writeString(
        prod,
        Files.readString(prod)
            .replace("namespace: shop-prod\n", "namespace: shop-prod\nnamePrefix: prod-\n"));
    CliRun root = CliRun.of("lint", copy.toString());
    List<String> spl105 = root.out().lines().filter(l -> l.contains(" SPL105 ")).toList();
    assertEquals(2, spl105.size(), root.out());
    assertTrue(
        spl105.get(0).contains("kustomize build " + copy.resolve("deploy/overlays/prod")),
        spl105.get(0));
    CliRun overlay = CliRun.of("lint", copy.resolve("deploy/overlays/prod").toString());
    assertEquals(
        spl105, overlay.out().lines().filter(l -> l.contains(" SPL105 ")).toList(), overlay.out());
  }

  @Test
  void aChartThatDoesNotRenderIsOnePositionedWarningOfItsOwnRule(@TempDir Path temp)
      throws IOException {
    Path copy = temp.resolve("shop");
    copyTree(SHOP, copy);
    Path route = copy.resolve("charts/storefront/templates/httproute.yaml");
    Files.writeString(
        route,
        Files.readString(route)
            .replace(".Values.hostname | quote", ".Values.hostname | nosuchfunc"));
    CliRun run = CliRun.of("lint", copy.toString());
    assertTrue(run.out().lines().noneMatch(l -> l.contains("SPL001")), run.out());
    List<String> lines = run.out().lines().filter(l -> l.contains(" warning SPL004 ")).toList();
    assertEquals(1, lines.size(), run.out());
    assertTrue(
        lines.get(0).contains("charts/storefront/templates/httproute.yaml:11:1: warning SPL004"),
        lines.get(0));
    assertTrue(lines.get(0).contains("not rendered: Helm stops"), lines.get(0));
    assertTrue(lines.get(0).contains("nosuchfunc"), lines.get(0));
  }

  /**
   * In a walk, a YAML problem is spl's only in an object that writes about sessions: a duplicate
   * key in a plain route's match (kgateway's translator inputs) is kubeconform's; the same in a
   * sticky route is reported. Named alone, the plain one is reported too.
   */
  @Test
  void aWalkReportsYamlProblemsOfStickyObjectsOnly(@TempDir Path temp) throws IOException {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s, namespace: shop}
        spec:
          rules:
          - matches:
            - queryParams: [{name: a, value: b}]
              queryParams: [{name: c, value: d}]
            backendRefs: [{name: cart, port: 80}]
        %s
        """;
    Path dir = Files.createDirectories(temp.resolve("routes"));
    Files.writeString(dir.resolve("plain.yaml"), route.formatted("plain", ""));
    Files.writeString(
        dir.resolve("sticky.yaml"),
        route.formatted("sticky", "    sessionPersistence: {sessionName: cart}"));
    // and a file that does not parse at all (mis-indented, as in a samples repository)
    String broken =
        """
        apiVersion: v1
        kind: Service
        metadata: {name: %s, namespace: shop}
        spec:
              selector: {app: cart}
            %s
        """;
    Files.writeString(
        dir.resolve("broken-plain.yaml"), broken.formatted("plain", "type: ClusterIP"));
    Files.writeString(
        dir.resolve("broken-sticky.yaml"), broken.formatted("sticky", "sessionAffinity: ClientIP"));
    CliRun walk = CliRun.of("lint", "--verbose", "--gateway-api-version", "v1.6", dir.toString());
    List<String> found = walk.out().lines().filter(l -> l.matches(".* SPL00[17] .*")).toList();
    assertEquals(2, found.size(), walk.out());
    assertTrue(found.get(0).contains("broken-sticky.yaml:6:"), walk.out());
    // kubectl applies it, keeping the last value: a warning (SPL007), not a syntax error
    assertTrue(found.get(1).contains("sticky.yaml:8:7: warning SPL007 duplicate key"), walk.out());
    assertTrue(
        walk.out().contains("broken-plain.yaml (YAML error at 6:"),
        "skipped, with why: " + walk.out());
    CliRun named =
        CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("plain.yaml").toString());
    assertTrue(named.out().contains("plain.yaml:8:7: warning SPL007 duplicate key"), named.out());
  }

  /**
   * A chart whose values.schema.json refers to a schema on the network (F5's nginx-ingress chart
   * does, for Kubernetes' definitions) renders without the validation, as helm template
   * --skip-schema-validation, instead of failing offline; --verbose says so.
   */
  @Test
  void aChartWithARemoteSchemaIsRenderedWithoutIt(@TempDir Path temp) throws IOException {
    Path chart = Files.createDirectories(temp.resolve("shop/templates"));
    Files.writeString(
        temp.resolve("shop/Chart.yaml"), "apiVersion: v2\nname: shop\nversion: 0.1.0\n");
    Files.writeString(temp.resolve("shop/values.yaml"), "labels: {app: cart}\n");
    Files.writeString(
        temp.resolve("shop/values.schema.json"),
        "{\"type\": \"object\", \"properties\": {\"labels\": {\"$ref\":"
            + " \"https://schemas.invalid/k8s/_definitions.json#/definitions/labels\"}}}");
    Files.writeString(
        chart.resolve("svc.yaml"),
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: cart\n  labels: {{ toJson .Values.labels }}\n"
            + "spec:\n  type: NodePort\n  sessionAffinity: ClientIP\n  ports: [{port: 80}]\n");
    CliRun run =
        CliRun.of(
            "lint", "--verbose", "--gateway-api-version", "v1.6", temp.resolve("shop").toString());
    assertTrue(run.out().contains("svc.yaml:8:3 [helm template "), run.out());
    assertTrue(run.out().contains("warning SPL150"), run.out());
    assertTrue(run.out().contains("rendered without schema validation"), run.out());
    assertTrue(run.out().lines().noneMatch(l -> l.contains("SPL004")), run.out());
  }

  @Test
  void theReadmesFirstCommandReportsOnlyWhatTheBadExamplesMark() throws IOException {
    CliRun run = CliRun.of("lint", "../examples");
    assertEquals(1, run.status());
    List<String> found =
        run.out()
            .lines()
            .filter(l -> l.matches("^\\.\\./examples/.*:\\d+:\\d+: .*"))
            .map(
                l -> {
                  String[] parts = l.split(":", 4);
                  String rule = l.replaceFirst(".*? (SPL\\d{3}) .*", "$1");
                  return parts[0] + ":" + parts[1] + " " + rule;
                })
            .sorted()
            .toList();
    List<String> marked;
    try (Stream<Path> files = Files.walk(Path.of("../examples"))) {
      marked =
          files
              .filter(f -> f.getFileName().toString().startsWith("bad") && Files.isRegularFile(f))
              .flatMap(RepositoryLintTest::markers)
              .sorted()
              .toList();
    }
    assertEquals(marked, found);
  }

  /**
   * Each example folder linted on its own (as `spl explain` sends people to it) reports what its
   * bad files mark: its bad and good files are one directory then, so a good file's object must not
   * stand in for a bad one's.
   */
  @Test
  void eachExampleFolderLintedAloneReportsWhatItsBadFilesMark() throws IOException {
    List<Path> folders;
    try (Stream<Path> dirs = Files.list(Path.of("../examples"))) {
      folders = dirs.filter(Files::isDirectory).sorted().toList();
    }
    for (Path folder : folders) {
      List<String> found =
          CliRun.of("lint", folder.toString())
              .out()
              .lines()
              .filter(l -> l.matches("^\\.\\./examples/.*:\\d+:\\d+: .*"))
              .map(
                  l ->
                      l.split(":", 3)[0]
                          + ":"
                          + l.split(":", 3)[1]
                          + " "
                          + l.replaceFirst(".*? (SPL\\d{3}) .*", "$1"))
              .filter(l -> Path.of(l.split(":")[0]).getFileName().toString().startsWith("bad"))
              .sorted()
              .toList();
      List<String> marked;
      try (Stream<Path> files = Files.walk(folder)) {
        marked =
            files
                .filter(f -> f.getFileName().toString().startsWith("bad") && Files.isRegularFile(f))
                .flatMap(RepositoryLintTest::markers)
                .sorted()
                .toList();
      }
      assertEquals(marked, found, folder.toString());
    }
  }

  private static Stream<String> markers(Path file) {
    try {
      List<String> lines = Files.readAllLines(file);
      return java.util.stream.IntStream.range(0, lines.size())
          .boxed()
          .flatMap(
              i -> {
                var m =
                    java.util.regex.Pattern.compile(
                            "#\\s*expect:\\s*(SPL\\d{3}(?:\\s*,\\s*SPL\\d{3})*)")
                        .matcher(lines.get(i));
                return m.find()
                    ? Stream.of(m.group(1).split("\\s*,\\s*"))
                        .map(id -> file + ":" + (i + 1) + " " + id)
                    : Stream.empty();
              });
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Each finding's location, severity and rule, with {@code root} taken off the path. */
  private static List<String> findings(String out, String root) {
    return out.lines()
        .filter(l -> l.matches(".*:\\d+:\\d+.*: (error|warning|info) SPL\\d{3} .*"))
        .map(l -> l.replace(root, "").replaceFirst("(SPL\\d{3}) .*", "$1"))
        .toList();
  }

  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
