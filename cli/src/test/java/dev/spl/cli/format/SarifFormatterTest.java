package dev.spl.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.spl.catalogue.BuiltInRules;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SarifFormatterTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  static String sarifOf(String... paths) {
    StringWriter out = new StringWriter();
    String[] args = new String[paths.length + 5];
    args[0] = "lint";
    args[1] = "--format";
    args[2] = "sarif";
    args[3] = "--gateway-api-version"; // the examples used here are written for v1.4
    args[4] = "v1.4";
    System.arraycopy(paths, 0, args, 5, paths.length);
    dev.spl.cli.Spl.run(args, new PrintWriter(out), new PrintWriter(new StringWriter()));
    return out.toString();
  }

  private static Schema schema() throws Exception {
    try (InputStream in =
        SarifFormatterTest.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(in, InputFormat.JSON);
    }
  }

  @Test
  void outputValidatesAgainstTheSarifSchema() throws Exception {
    String sarif =
        sarifOf(
            "../examples/SPL101-session-name-collision-in-split/bad.yaml",
            "../examples/SPL001-yaml-syntax/bad.yaml",
            "../examples/SPL151-client-ip-affinity-inert/bad.yaml");
    List<Error> errors = schema().validate(JSON.readTree(sarif));
    assertEquals(List.of(), errors);
  }

  @Test
  void theSchemaCatchesAnInvalidLog() throws Exception {
    // Guards the guard: a log with a bad level and no driver name must not validate.
    JsonNode bad =
        JSON.readTree(
            "{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{}},"
                + "\"results\":[{\"level\":\"fatal\",\"message\":{\"text\":\"x\"}}]}]}");
    assertTrue(schema().validate(bad).size() >= 2);
  }

  @Test
  void driverListsTheCatalogueAndResultsPointIntoIt() throws Exception {
    JsonNode log =
        JSON.readTree(sarifOf("../examples/SPL101-session-name-collision-in-split/bad.yaml"));
    JsonNode run = log.get("runs").get(0);
    JsonNode rules = run.get("tool").get("driver").get("rules");
    // only the rules that found something: the catalogue is spl rules' business
    java.util.Set<String> ids = new java.util.TreeSet<>();
    run.get("results").forEach(r -> ids.add(r.get("ruleId").asString()));
    assertEquals(ids.size(), rules.size(), rules.toString());
    assertTrue(BuiltInRules.all().size() > rules.size());
    assertTrue(run.get("invocations").get(0).get("executionSuccessful").asBoolean());
    JsonNode result = run.get("results").get(0);
    assertEquals("SPL101", result.get("ruleId").asString());
    assertEquals("SPL101", rules.get(result.get("ruleIndex").asInt()).get("id").asString());
    assertEquals("error", result.get("level").asString());
    JsonNode location = result.get("locations").get(0).get("physicalLocation");
    assertEquals(
        "../examples/SPL101-session-name-collision-in-split/bad.yaml",
        location.get("artifactLocation").get("uri").asString());
    assertEquals(13, location.get("region").get("startLine").asInt());
    assertEquals(7, location.get("region").get("startColumn").asInt());
    assertEquals(2, result.get("relatedLocations").size());
  }

  @Test
  void aFindingsFingerprintDoesNotMoveWithItsLine(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("split.yaml");
    String text =
        java.nio.file.Files.readString(
            java.nio.file.Path.of("../examples/SPL101-session-name-collision-in-split/bad.yaml"));
    java.nio.file.Files.writeString(file, text);
    JsonNode before = JSON.readTree(sarifOf(file.toString())).get("runs").get(0).get("results");
    java.nio.file.Files.writeString(file, "# a comment above moves every line\n" + text);
    JsonNode after = JSON.readTree(sarifOf(file.toString())).get("runs").get(0).get("results");
    assertEquals(before.size(), after.size());
    for (int i = 0; i < before.size(); i++) {
      assertTrue(
          before
              .get(i)
              .get("partialFingerprints")
              .get("splFinding/v1")
              .asString()
              .matches("[0-9a-f]{32}"),
          before.get(i).toString());
      assertEquals(
          before.get(i).get("partialFingerprints"), after.get(i).get("partialFingerprints"));
      assertEquals(
          before
                  .get(i)
                  .get("locations")
                  .get(0)
                  .get("physicalLocation")
                  .get("region")
                  .get("startLine")
                  .asInt()
              + 1,
          after
              .get(i)
              .get("locations")
              .get(0)
              .get("physicalLocation")
              .get("region")
              .get("startLine")
              .asInt());
    }
  }

  @Test
  void urisAreRelativeAndEscaped() {
    assertEquals("a%20b/c.yaml", ArtifactUris.of("a b/c.yaml"));
    assertEquals(
        "x.yaml", ArtifactUris.of(java.nio.file.Path.of("x.yaml").toAbsolutePath().toString()));
    assertEquals("stdin", ArtifactUris.of("<stdin>"));
  }
}
