package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** spl lint --fix and --diff, and the fixes in the outputs, as a user meets them. */
class LintFixTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Path EXAMPLES = Path.of("..", "examples");

  /** A copy of some examples' bad.yaml (and their .spl.yaml) in {@code dir}, one folder each. */
  private static Path copy(Path dir, String... folders) throws IOException {
    for (String folder : folders) {
      Path to = Files.createDirectories(dir.resolve(folder));
      Files.copy(EXAMPLES.resolve(folder).resolve("bad.yaml"), to.resolve("bad.yaml"));
      Files.copy(EXAMPLES.resolve(folder).resolve(".spl.yaml"), to.resolve(".spl.yaml"));
    }
    return dir;
  }

  private static final String[] FIXABLE = {
    "SPL021-invalid-duration",
    "SPL131-cookie-path-not-absolute",
    "SPL202-nginx-cookie-lifetime-dropped"
  };

  @Test
  void fixRewritesTheFilesAndReportsWhatRemains(@TempDir Path dir) throws IOException {
    copy(dir, FIXABLE);
    CliRun before = CliRun.of("lint", dir.toString());
    assertTrue(before.out().contains("SPL021 [fixable] absoluteTimeout \"1d\""), before.out());
    CliRun run = CliRun.of("lint", "--fix", dir.toString());
    assertTrue(run.err().contains("spl: fixed 6 findings in 3 files"), run.err());
    assertFalse(run.out().contains("[fixable]"), run.out());
    assertTrue(run.out().contains("backendRequest 30s is longer"), "unfixable ones remain");
    assertEquals(1, run.status(), "what remains still fails");
    for (String folder : FIXABLE) {
      assertEquals(
          Files.readString(EXAMPLES.resolve(folder).resolve("fixed.txt")),
          Files.readString(dir.resolve(folder).resolve("bad.yaml")),
          folder);
    }
    // a second --fix finds nothing left to fix and changes nothing
    CliRun again = CliRun.of("lint", "--fix", dir.toString());
    assertTrue(again.err().contains("spl: fixed 0 findings"), again.err());
  }

  @Test
  void diffShowsTheFixesAndChangesNothing(@TempDir Path dir) throws IOException {
    copy(dir, "SPL131-cookie-path-not-absolute");
    Path file = dir.resolve("SPL131-cookie-path-not-absolute/bad.yaml");
    String original = Files.readString(file);
    CliRun run = CliRun.of("lint", "--diff", dir.toString());
    assertEquals(1, run.status());
    assertEquals(original, Files.readString(file));
    String name = file.toString().replace('\\', '/');
    assertTrue(run.out().startsWith("--- a/" + name + "\n+++ b/" + name + "\n@@ "), run.out());
    assertTrue(run.out().contains("\n-        path: cart "), run.out());
    assertTrue(run.out().contains("\n+        path: /cart "), run.out());
    assertFalse(run.out().contains("error SPL"), "the diff alone is on stdout");
    assertTrue(run.err().contains("would fix 1 finding in 1 file"), run.err());
    // nothing to fix: exit 0, no diff
    CliRun clean =
        CliRun.of(
            "lint",
            "--diff",
            EXAMPLES.resolve("SPL131-cookie-path-not-absolute/good.yaml").toString());
    assertEquals(0, clean.status(), clean.err());
    assertEquals("", clean.out());
  }

  @Test
  void aDiffOfStandardInputNamesIt() {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - backendRefs: [{name: s, port: 80}]
            sessionPersistence: {sessionName: s, absoluteTimeout: "2d"}
        """;
    java.io.InputStream stdin = System.in;
    try {
      System.setIn(new java.io.ByteArrayInputStream(route.getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", "--diff", "-");
      assertTrue(
          run.out().contains("+    sessionPersistence: {sessionName: s, absoluteTimeout: \"48h\"}"),
          run.out());
    } finally {
      System.setIn(stdin);
    }
  }

  /**
   * A route in main's shape, linted for v1.6: rewritten to v1.6's shape only when the version was
   * named (here by .spl.yaml), since otherwise the lint's default version may be the wrong one.
   */
  @Test
  void aRoutesShapeIsRewrittenOnlyForANamedVersion(@TempDir Path dir) throws IOException {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            sessionPersistence:
              cookie:
                name: cart-session
                lifetimeType: Permanent
              absoluteTimeout: 24h
        """;
    Path named = Files.createDirectories(dir.resolve("named"));
    Files.writeString(named.resolve("route.yaml"), route);
    Files.writeString(named.resolve(".spl.yaml"), "gatewayApiVersion: v1.6\n");
    Path defaulted = Files.createDirectories(dir.resolve("defaulted"));
    Files.writeString(defaulted.resolve("route.yaml"), route);

    CliRun fixed = CliRun.of("lint", "--fix", named.toString());
    assertTrue(fixed.err().contains("spl: fixed 1 finding in 1 file"), fixed.err());
    assertEquals(
        route.replace(
            "      cookie:\n        name: cart-session\n        lifetimeType: Permanent\n",
            "      sessionName: cart-session\n      cookieConfig:\n        lifetimeType: Permanent\n"),
        Files.readString(named.resolve("route.yaml")));

    CliRun left = CliRun.of("lint", "--diff", defaulted.toString());
    assertEquals("", left.out(), "the default version says nothing of which shape is meant");
    assertEquals(0, left.status(), left.err());
    CliRun text = CliRun.of("lint", defaulted.toString());
    assertTrue(text.out().contains("SPL026 written for main"), text.out());
    assertFalse(text.out().contains("[fixable]"), text.out());
  }

  @Test
  void fixRefusesWhatItCannotDo() {
    CliRun both = CliRun.of("lint", "--fix", "--diff", "x.yaml");
    assertEquals(2, both.status());
    CliRun stdin = CliRun.of("lint", "--fix", "-");
    assertEquals(2, stdin.status());
    assertTrue(stdin.err().contains("use --diff"), stdin.err());
  }

  @Test
  void aFileRenderedFromAChartIsNotRewritten(@TempDir Path dir) throws IOException {
    Path chart = Path.of("src/test/resources/repos/shop/charts/storefront");
    Path copy = dir.resolve("storefront");
    try (Stream<Path> files = Files.walk(chart)) {
      for (Path p : files.toList()) {
        Path to = copy.resolve(chart.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    String template = Files.readString(copy.resolve("templates/httproute.yaml"));
    CliRun run = CliRun.of("lint", "--fix", dir.toString());
    assertTrue(run.out().contains("SPL021"), run.out());
    assertTrue(
        run.err().contains("not fixed, rendered from a Helm chart: ")
            && run.err().contains("(the value is .Values.session.timeout: write 24h there)"),
        run.err());
    assertEquals(template, Files.readString(copy.resolve("templates/httproute.yaml")));
  }

  /** A misspelt key written in the template itself: the template's line, not the values. */
  @Test
  void aKeyMisspeltInATemplateIsToldWhereItIsWritten(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("Chart.yaml"), "apiVersion: v2\nname: shop\nversion: 0.1.0\n");
    Files.writeString(dir.resolve("values.yaml"), "affinity: cookie\n");
    Files.createDirectories(dir.resolve("templates"));
    String template =
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations:
            nginx.ingress.kubernetes.io/afinity: {{ .Values.affinity | quote }}
        spec:
          ingressClassName: nginx
          defaultBackend:
            service: {name: shop, port: {number: 80}}
        """;
    Files.writeString(dir.resolve("templates/ingress.yaml"), template);
    CliRun run = CliRun.of("lint", "--fix", dir.toString());
    assertTrue(
        run.err()
            .contains(
                "templates/ingress.yaml:6:5 SPL005 (the key is written on this line of the template:"
                    + " rename to nginx.ingress.kubernetes.io/affinity there)"),
        run.err());
    assertFalse(run.err().contains(".Values.affinity"), run.err());
    assertEquals(template, Files.readString(dir.resolve("templates/ingress.yaml")));
  }

  @Test
  void jsonAndSarifCarryTheEditsAndValidate(@TempDir Path dir) throws Exception {
    copy(dir, FIXABLE);
    CliRun json = CliRun.of("lint", "--format", "json", dir.toString());
    JsonNode out = JSON.readTree(json.out());
    Schema schema;
    try (var in = Files.newInputStream(Path.of("../docs/schemas/spl-lint.schema.json"))) {
      schema =
          SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
              .getSchema(in, InputFormat.JSON);
    }
    assertEquals(List.of(), schema.validate(out));
    JsonNode fixed = null;
    for (JsonNode f : out.get("findings")) {
      if (f.has("fix") && f.get("message").asString().contains("\"1d\"")) {
        fixed = f;
      }
    }
    assertTrue(fixed != null, json.out());
    JsonNode edit = fixed.get("fix").get("edits").get(0);
    assertEquals("write 24h", fixed.get("fix").get("title").asString());
    assertEquals(12, edit.get("startLine").asInt());
    assertEquals(24, edit.get("startColumn").asInt());
    assertEquals(26, edit.get("endColumn").asInt());
    assertEquals("24h", edit.get("replacement").asString());
    // the schema guards: an edit without a replacement is refused
    ((tools.jackson.databind.node.ObjectNode) edit).remove("replacement");
    assertFalse(schema.validate(out).isEmpty());

    CliRun sarif = CliRun.of("lint", "--format", "sarif", dir.toString());
    JsonNode log = JSON.readTree(sarif.out());
    Schema sarifSchema;
    try (var in = LintFixTest.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
      sarifSchema =
          SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
              .getSchema(in, InputFormat.JSON);
    }
    assertEquals(List.of(), sarifSchema.validate(log), "SARIF with fixes validates");
    int fixes = 0;
    for (JsonNode r : log.get("runs").get(0).get("results")) {
      if (r.has("fixes")) {
        fixes++;
        JsonNode change = r.get("fixes").get(0).get("artifactChanges").get(0);
        assertTrue(change.get("artifactLocation").get("uri").asString().endsWith("bad.yaml"));
        assertTrue(change.get("replacements").get(0).has("insertedContent"));
      }
    }
    assertEquals(6, fixes);
  }
}
