package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LintCommandTest {
  static final Path EXAMPLES = Path.of("..", "examples");

  @Test
  void aRunIsNeverMuteAndNeverBuriesWhyItReadNothing(@org.junit.jupiter.api.io.TempDir Path dir) {
    // nothing readable: the reason, and no summary of 0 files after it
    CliRun missing = CliRun.of("lint", dir.resolve("missing").toString());
    assertEquals(3, missing.status());
    assertTrue(missing.err().contains("no such file or directory"), missing.err());
    assertEquals("", missing.out());
    // every report to a file: one line on stderr says where and what they hold
    String example = "../examples/SPL021-invalid-duration";
    CliRun files =
        CliRun.of(
            "lint",
            "--format",
            "sarif=" + dir.resolve("a.sarif"),
            "--format",
            "junit=" + dir.resolve("a.xml"),
            example);
    assertEquals(1, files.status());
    assertEquals("", files.out());
    assertTrue(
        files
            .err()
            .startsWith(
                "spl: wrote "
                    + dir.resolve("a.sarif")
                    + ", "
                    + dir.resolve("a.xml")
                    + ": 4 errors"),
        files.err());
    // a file that cannot be written says why, not only its path
    CliRun unwritable =
        CliRun.of("lint", "--format", "json=" + dir.resolve("no/such/dir/a.json"), example);
    assertEquals(2, unwritable.status());
    assertTrue(
        unwritable.err().contains("cannot write it: its directory does not exist"),
        unwritable.err());
  }

  @Test
  void textOutputIsOneLinePerFindingAndASummary() {
    CliRun run =
        CliRun.of(
            "lint",
            EXAMPLES.resolve("SPL010-permanent-needs-absolute-timeout/bad.yaml").toString());
    String[] lines = run.out().split("\n");
    assertEquals(3, lines.length, run.out());
    assertEquals(
        "../examples/SPL010-permanent-needs-absolute-timeout/bad.yaml:9:5: error SPL010 AbsoluteTimeout"
            + " must be specified when cookie lifetimeType is Permanent; add absoluteTimeout, e.g. 24h"
            + " (HTTPRoute spl010/cart, spec.rules[0].sessionPersistence)",
        lines[0]);
    assertEquals("1 error, 0 warnings, 0 info in 1 file (1 document, 1 resource)", lines[1]);
    assertEquals(
        "Gateway API main (../examples/SPL010-permanent-needs-absolute-timeout/.spl.yaml)",
        lines[2]);
    assertEquals(1, run.status());
  }

  @Test
  void jsonOutputMatchesTheGoldenFile() throws IOException {
    CliRun run =
        CliRun.of(
            "lint",
            "--format",
            "json",
            EXAMPLES.resolve("SPL020-invalid-enum/bad.yaml").toString(),
            EXAMPLES.resolve("SPL001-yaml-syntax/bad.yaml").toString());
    String golden =
        Files.readString(Path.of("src/test/resources/golden/lint.json"), StandardCharsets.UTF_8);
    assertEquals(golden.strip(), run.out().strip());
  }

  @Test
  void versionFlagChangesTheSchema() {
    Path v16 = EXAMPLES.resolve("SPL025-session-name-too-long/bad.yaml");
    assertTrue(
        CliRun.of("lint", "--gateway-api-version", "v1.6", v16.toString())
            .out()
            .contains("SPL025"));
    assertTrue(
        CliRun.of("lint", "--gateway-api-version", "main", v16.toString())
            .out()
            .contains("SPL026"));
  }

  @Test
  void enableAndDisableSelectRules() {
    String file = EXAMPLES.resolve("SPL020-invalid-enum/bad.yaml").toString();
    assertTrue(CliRun.of("lint", "--disable", "invalid-enum", file).out().startsWith("0 errors"));
    assertEquals(0, CliRun.of("lint", "--enable", "SPL010", file).status());
    assertEquals(1, CliRun.of("lint", "--enable", "SPL010,SPL020", file).status());
  }

  @Test
  void aWholeDirectoryIsLinted() throws IOException {
    long files;
    try (var walk = Files.walk(EXAMPLES)) {
      files =
          walk.filter(p -> p.toString().endsWith(".yaml"))
              .filter(p -> !p.getFileName().toString().startsWith("."))
              // a chart example's Chart.yaml and values.yaml are read by Helm, not linted
              .filter(p -> !Files.isRegularFile(p.resolveSibling("Chart.yaml")))
              // a build example's kustomization is read as the build, not linted
              .filter(p -> !p.getFileName().toString().equals("kustomization.yaml"))
              .count();
    }
    CliRun run = CliRun.of("lint", "--format", "json", EXAMPLES.toString());
    assertEquals(1, run.status());
    assertTrue(
        run.out().contains("\"files\":" + files + ","),
        run.out().substring(run.out().indexOf("summary")));
  }
}
