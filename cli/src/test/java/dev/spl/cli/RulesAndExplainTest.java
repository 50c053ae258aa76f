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

  private static final String REGENERATE =
      "run ./spl rules --format markdown --pages docs/rules > docs/rules.md (or .ci/regenerate)";

  @Test
  void committedMessagesPageMatchesTheRules() throws IOException {
    CliRun run = CliRun.of("rules", "--format", "messages");
    assertEquals(0, run.status());
    assertEquals(
        Files.readString(Path.of("..", "docs", "messages.md")),
        run.out(),
        "docs/messages.md is stale: run .ci/regenerate");
    // a templated rule lists its words, slots and all
    assertTrue(run.out().contains("- `{field} must be {expected}, not {actual}`"), run.out());
  }

  @Test
  void committedReferenceMatchesTheCatalogue(@org.junit.jupiter.api.io.TempDir Path pages)
      throws IOException {
    String committed = Files.readString(Path.of("..", "docs", "rules.md"));
    CliRun run = CliRun.of("rules", "--format", "markdown", "--pages", pages.toString());
    assertEquals(committed, run.out(), "docs/rules.md is stale: " + REGENERATE);
    Path docs = Path.of("..", "docs", "rules");
    try (var generated = Files.list(pages);
        var kept = Files.list(docs)) {
      assertEquals(
          generated.map(p -> p.getFileName().toString()).sorted().toList(),
          kept.map(p -> p.getFileName().toString()).sorted().toList(),
          "docs/rules/ holds a page per rule and nothing else: " + REGENERATE);
    }
    for (var rule : BuiltInRules.all()) {
      String name = RulesCommand.pageName(rule.info());
      assertEquals(
          Files.readString(pages.resolve(name)),
          Files.readString(docs.resolve(name)),
          "docs/rules/" + name + " is stale: " + REGENERATE);
    }
    // a page shows the examples themselves, not a link the site cannot serve
    String page = Files.readString(docs.resolve("SPL010-permanent-needs-absolute-timeout.md"));
    assertTrue(page.contains("```yaml\n"), page);
    assertTrue(page.contains("lifetimeType: Permanent"), page);
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
    // an id cut short names the rules it starts, a slip the closest name
    CliRun cut = CliRun.of("explain", "SPL15");
    assertEquals(2, cut.status());
    assertTrue(cut.err().contains("did you mean SPL150 client-ip-behind-snat, SPL151"), cut.err());
    CliRun slip = CliRun.of("explain", "invalid-duratoin");
    assertTrue(slip.err().contains("did you mean 'invalid-duration'?"), slip.err());
  }

  @Test
  void versionPrintsTheVersion() {
    assertTrue(CliRun.of("version").out().startsWith("spl 0."));
  }
}
