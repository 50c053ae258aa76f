package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The exit statuses of docs/contracts.md, as a table. */
class ExitStatusTest {
  static final String WARNING_ONLY =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: s}
      spec: {type: NodePort, sessionAffinity: ClientIP}
      """;
  static final String ERROR =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: s}
      spec: {sessionAffinity: Sticky}
      """;

  @ParameterizedTest(name = "{0} with --fail-on {1} -> {2}")
  @CsvSource({
    "clean, error, 0",
    "warning, error, 0",
    "warning, warning, 1",
    "warning, info, 1",
    "error, error, 1",
    "error, never, 0",
    "clean, info, 0"
  })
  void failOnThreshold(String content, String failOn, int status, @TempDir Path dir)
      throws IOException {
    String yaml =
        switch (content) {
          case "warning" -> WARNING_ONLY;
          case "error" -> ERROR;
          default -> "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n";
        };
    Path file = Files.writeString(dir.resolve("m.yaml"), yaml);
    assertEquals(status, CliRun.of("lint", "--fail-on", failOn, file.toString()).status());
  }

  @Test
  void typoedFlagIsAUsageError() {
    CliRun run = CliRun.of("lint", "--fial-on", "error", "x.yaml");
    assertEquals(2, run.status());
    assertTrue(run.err().contains("Unknown option: '--fial-on'"), run.err());
    assertTrue(run.err().contains("spl lint --help"), run.err());
  }

  @Test
  void unknownVersionOrRuleIsAUsageError() {
    assertEquals(2, CliRun.of("lint", "--gateway-api-version", "v9", "x.yaml").status());
    CliRun run = CliRun.of("lint", "--disable", "SPL999", "x.yaml");
    assertEquals(2, run.status());
    assertTrue(run.err().contains("unknown rule 'SPL999'"), run.err());
  }

  @Test
  void missingPathIsAnInputError(@TempDir Path dir) {
    CliRun run = CliRun.of("lint", dir.resolve("missing.yaml").toString());
    assertEquals(3, run.status());
    assertTrue(run.err().contains("no such file or directory"), run.err());
  }

  @Test
  void directoryWithoutManifestsIsAnInputError(@TempDir Path dir) {
    assertEquals(3, CliRun.of("lint", dir.toString()).status());
  }

  @Test
  void noCommandIsAUsageError() {
    assertEquals(2, CliRun.of().status());
  }

  @Test
  void mappingTable() {
    assertEquals(ExitStatus.INPUT, ExitStatus.ofLint(true, true));
    assertEquals(ExitStatus.FINDINGS, ExitStatus.ofLint(false, true));
    assertEquals(ExitStatus.OK, ExitStatus.ofLint(false, false));
  }
}
