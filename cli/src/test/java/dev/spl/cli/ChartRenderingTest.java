package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Charts rendered as their own CI renders them, and what could not be rendered said in every
 * format, on a chart collection laid out as Alfresco/alfresco-helm-charts is ({@code
 * repos/collection}, see its README): a library chart depended on by its repository URL while it
 * sits beside its users, a {@code file://} dependency, values only the chart's {@code ci/} folder
 * gives, and a dependency that is only on the network.
 */
class ChartRenderingTest {
  static final Path COLLECTION = Path.of("src/test/resources/repos/collection");

  private static List<String> findings(String out, String root) {
    return out.lines()
        .filter(l -> l.matches(".*:\\d+:\\d+.*: (error|warning|info) SPL\\d{3} .*"))
        .map(l -> l.replace(root, "").replaceFirst("(SPL\\d{3}) .*", "$1"))
        .toList();
  }

  @Test
  void everyChartTheTreeCanRenderOfflineIsLintedAndTheRestIsAFinding() {
    CliRun run = CliRun.of("lint", COLLECTION.toString());
    assertEquals(
        List.of(
            // file://../common: rendered with it
            "charts/api/templates/httproute.yaml:14:7 [helm template charts/api]: error SPL021",
            // a dependency only on the network: not read, and said so with the command that fixes
            // it
            "charts/orphan/Chart.yaml:1:1: warning SPL004",
            // the library chart by its published URL, found beside it; the chart fails without the
            // values its ci/ folder gives: the finding is where ci/ writes the value
            "charts/web/ci/default-values.yaml:7:5 [helm template charts/web]: error SPL202",
            // a Go-templated file outside a chart: its plain documents are linted
            "templated/knative.yaml:17:5: error SPL202"),
        findings(run.out(), COLLECTION + "/"),
        run.out());
    assertEquals(1, run.status(), run.err());
    assertTrue(
        run.out().contains("helm dependency build " + COLLECTION + "/charts/orphan"), run.out());
    assertTrue(
        run.out()
            .contains(
                "2 Helm charts rendered (3 renderings with their ci/ values), 1 not rendered"
                    + " (SPL004)"),
        run.out());
    assertEquals("", run.err());
  }

  @Test
  void aFindingEveryRenderingMakesIsReportedOnceWithoutNamingAValuesFile() {
    // charts/api renders with its defaults and with ci/scaled-values.yaml: the same SPL021 twice
    String out = CliRun.of("lint", COLLECTION.resolve("charts/api").toString()).out();
    List<String> lines = out.lines().filter(l -> l.contains("SPL021")).toList();
    assertEquals(1, lines.size(), out);
    assertTrue(!lines.get(0).contains("rendered with"), lines.get(0));
  }

  @Test
  void aFindingOnlyACiValuesFileMakesNamesIt(@TempDir Path temp) throws IOException {
    Path copy = temp.resolve("collection");
    RepositoryLintTest.copyTree(COLLECTION, copy);
    Path api = copy.resolve("charts/api");
    Files.writeString(api.resolve("ci/scaled-values.yaml"), "replicas: 5\nlegacy: true\n");
    Files.writeString(
        api.resolve("templates/legacy.yaml"),
        """
        {{- if .Values.legacy }}
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: legacy
        spec:
          rules:
          - backendRefs:
            - name: legacy
              port: 80
            sessionPersistence:
              sessionName: legacy
              idleTimeout: 1h
        {{- end }}
        """);
    String out = CliRun.of("lint", api.toString()).out();
    List<String> lines = out.lines().filter(l -> l.contains("SPL026")).toList();
    assertEquals(1, lines.size(), out);
    assertTrue(lines.get(0).contains("templates/legacy.yaml:13:"), lines.get(0));
    assertTrue(
        lines.get(0).contains("(rendered with " + api.resolve("ci/scaled-values.yaml") + ")"),
        lines.get(0));
  }

  @Test
  void aChartNamedOnTheCommandLineThatCannotRenderIsAnInputErrorAndAFindingInJson()
      throws Exception {
    CliRun run =
        CliRun.of("lint", "--format", "json", COLLECTION.resolve("charts/orphan").toString());
    assertEquals(3, run.status(), run.err());
    assertTrue(run.err().contains("helm dependency build"), run.err());
    JsonNode json = JsonMapper.builder().build().readTree(run.out());
    List<String> rules =
        StreamSupport.stream(json.get("findings").spliterator(), false)
            .map(f -> f.get("rule").asString())
            .toList();
    assertEquals(List.of("SPL004"), rules, run.out());
    assertEquals(1, json.get("summary").get("chartsNotRendered").size(), run.out());
    assertEquals(0, json.get("summary").get("chartsRendered").asInt(), run.out());
  }

  @Test
  void aDirectoryWhoseChartsAllFailIsNotGreen(@TempDir Path temp) throws IOException {
    Path repo = temp.resolve("repo");
    RepositoryLintTest.copyTree(COLLECTION.resolve("charts/orphan"), repo.resolve("charts/orphan"));
    CliRun run = CliRun.of("lint", repo.toString());
    assertEquals(3, run.status(), run.out() + run.err());
    assertTrue(
        run.err().contains("nothing linted: 1 Helm chart found and not rendered (SPL004 says why)"),
        run.err());
    assertTrue(run.out().contains("warning SPL004"), run.out());
  }

  @Test
  void verboseListsTheTemplatedDocumentsNotReadAndTheDependenciesFound() {
    String out = CliRun.of("lint", "--verbose", COLLECTION.toString()).out();
    assertTrue(
        out.contains(
            "skipped: "
                + COLLECTION
                + "/templated/knative.yaml (document 3: Go-templated, not YAML until rendered)"),
        out);
    assertTrue(
        out.contains(
            "dependency acme-common taken from the chart in " + COLLECTION + "/charts/common"),
        out);
    assertTrue(out.contains("dependency acme-common taken from file://../common"), out);
  }

  @Test
  void oneValueTwoTemplatesUseIsOneFindingNamingBothObjects(@TempDir Path temp) throws IOException {
    Path chart = Files.createDirectories(temp.resolve("shared/templates"));
    Files.writeString(
        temp.resolve("shared/Chart.yaml"), "apiVersion: v2\nname: shared\nversion: 1.0.0\n");
    Files.writeString(
        temp.resolve("shared/values.yaml"),
        "persistence:\n  sessionName: s\n  absoluteTimeout: 1d\n");
    for (String name : List.of("cart", "search")) {
      Files.writeString(
          chart.resolve(name + ".yaml"),
          """
          apiVersion: gateway.networking.k8s.io/v1
          kind: HTTPRoute
          metadata:
            name: %s
          spec:
            parentRefs: [{name: public}]
            hostnames: [%s.example.com]
            rules:
            - backendRefs: [{name: %s, port: 80}]
              sessionPersistence:
                {{- toYaml .Values.persistence | nindent 8 }}
          """
              .formatted(name, name, name));
    }
    CliRun run =
        CliRun.of("lint", "--gateway-api-version", "v1.6", temp.resolve("shared").toString());
    List<String> found = findings(run.out(), temp + "/");
    assertEquals(
        List.of("shared/values.yaml:3:3 [helm template shared]: error SPL021"), found, run.out());
    assertTrue(
        run.out().contains("related: " + temp + "/shared/values.yaml:3:3 HTTPRoute default/"),
        run.out());
    // every finding has a line an editor can open
    assertTrue(run.out().lines().noneMatch(l -> l.matches(".*\\.yaml:0[: ].*")), run.out());
  }
}
