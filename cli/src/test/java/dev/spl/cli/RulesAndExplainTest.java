package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RulesAndExplainTest {

  @Test
  void rulesListsTheCatalogue() {
    CliRun run = CliRun.of("rules");
    assertEquals(0, run.status());
    assertEquals(BuiltInRules.all().size(), run.out().strip().split("\n").length);
    assertTrue(run.out().contains("SPL010  permanent-needs-absolute-timeout"));
  }

  @Test
  void committedReferenceMatchesTheCatalogue() throws IOException {
    String committed = Files.readString(Path.of("..", "docs", "rules.md"));
    assertEquals(
        committed,
        CliRun.of("rules", "--format", "markdown").out(),
        "docs/rules.md is stale: run ./spl rules --format markdown > docs/rules.md");
  }

  @Test
  void explainShowsWhyFixAndBothExamples() throws IOException {
    CliRun run = CliRun.of("explain", "permanent-needs-absolute-timeout");
    assertEquals(0, run.status());
    assertTrue(run.out().startsWith("SPL010 permanent-needs-absolute-timeout (error)"));
    assertTrue(run.out().contains("Why: "));
    assertTrue(run.out().contains("Fix: "));
    String bad =
        Files.readString(
            Path.of("..", "examples", "SPL010-permanent-needs-absolute-timeout", "bad.yaml"));
    assertTrue(run.out().contains("    " + bad.split("\n")[9]), "the bad example is shown as is");
    assertTrue(
        run.out()
            .contains(
                "(examples/SPL010-permanent-needs-absolute-timeout/.spl.yaml):\n\n"
                    + "    gatewayApiVersion: main"),
        "the version the examples are written for is shown");
  }

  @Test
  void explainUnknownRuleIsAUsageError() {
    assertEquals(2, CliRun.of("explain", "SPL999").status());
  }

  @Test
  void versionPrintsTheVersion() {
    assertTrue(CliRun.of("version").out().startsWith("spl 0."));
  }
}
