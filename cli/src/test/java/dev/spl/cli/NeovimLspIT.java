package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * spl lsp driven by a real editor: headless Neovim (Debian's, its built-in LSP client) opens a bad
 * example, receives spl's diagnostics, applies the code action that fixes SPL021 and writes the
 * file; then the time from an edit to its diagnostics is measured. Skipped, saying why, where nvim
 * is missing (.ci/run installs it).
 */
@Tag("tools")
class NeovimLspIT {
  private static final Path JAR = Path.of("target", "spl.jar").toAbsolutePath();

  @Test
  void neovimGetsDiagnosticsAppliesTheFixAndWritesTheFile(@TempDir Path dir) throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("nvim", "--version"), "nvim is not installed (apt-get install neovim)");
    ToolsNeeded.require(Files.isRegularFile(JAR), "cli/target/spl.jar is not built");
    Path folder = Files.createDirectories(dir.resolve("routes"));
    Files.copy(
        Path.of("../examples/SPL021-invalid-duration/.spl.yaml"), folder.resolve(".spl.yaml"));
    Path file = folder.resolve("route.yaml");
    Files.copy(Path.of("../examples/SPL021-invalid-duration/bad.yaml"), file);
    Path out = dir.resolve("results.json");
    Path script = Path.of("src/test/resources/lsp/drive.lua").toAbsolutePath();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String globals =
        "lua SPL_CMD = {'%s', '-jar', '%s', 'lsp'}; SPL_FILE = '%s'; SPL_OUT = '%s'"
            .formatted(java, JAR, file, out);
    List<String> command =
        new ArrayList<>(
            List.of("nvim", "--headless", "-u", "NONE", "-c", globals, "-c", "luafile " + script));
    Command.Result run =
        Command.of(command).in(dir).mergeErrors().timeout(Duration.ofMinutes(3)).run();
    assertTrue(Files.isRegularFile(out), "nvim wrote no results: " + run.output());
    JsonNode results = JsonMapper.builder().build().readTree(Files.readString(out));
    assertEquals(0, results.get("errors").size(), results.toString());

    boolean days = false;
    for (JsonNode d : results.get("diagnostics")) {
      if ("SPL021".equals(d.get("code").asString())
          && d.get("message").asString().contains("\"1d\"")) {
        days = d.get("line").asInt() == 11 && d.get("col").asInt() == 6;
      }
    }
    assertTrue(days, "the SPL021 diagnostic at 12:7: " + results.get("diagnostics"));
    assertEquals("Fix SPL021: write 24h", results.get("actions").get(0).asString());
    String written = Files.readString(file);
    assertTrue(written.contains("      absoluteTimeout: 24h   # expect: SPL021"), written);
    assertEquals(
        Files.readString(Path.of("../examples/SPL021-invalid-duration/bad.yaml"))
            .replace("absoluteTimeout: 1d", "absoluteTimeout: 24h"),
        written,
        "the code action changed the value and nothing else");

    List<Double> latencies = new ArrayList<>();
    results.get("latencies_ms").forEach(n -> latencies.add(n.asDouble()));
    assertEquals(9, latencies.size());
    List<Double> sorted = latencies.stream().sorted().toList();
    double median = sorted.get(sorted.size() / 2);
    System.out.printf(
        "spl lsp: edit to diagnostics in Neovim, median %.1f ms of %s%n", median, latencies);
    // Timed, not judged: a busy machine must not fail the build (bench/lsp measures it).
    assertTrue(latencies.stream().allMatch(l -> l >= 0), latencies.toString());
  }

  @Test
  void neovimShowsCrossResourceFindingsOfTheExampleRepository(@TempDir Path dir) throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("nvim", "--version"), "nvim is not installed (apt-get install neovim)");
    ToolsNeeded.require(Files.isRegularFile(JAR), "cli/target/spl.jar is not built");
    // The README's example repository, where spl lint reports SPL103 on manifests/search.yaml.
    Path shop = Path.of("src/test/resources/repos/shop").toAbsolutePath();
    Path file = shop.resolve("manifests/search.yaml");
    Path out = dir.resolve("results.json");
    Path script = Path.of("src/test/resources/lsp/diagnostics.lua").toAbsolutePath();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String globals =
        "lua SPL_CMD = {'%s', '-jar', '%s', 'lsp'}; SPL_ROOT = '%s'; SPL_FILE = '%s';"
                .formatted(java, JAR, shop, file)
            + " SPL_OUT = '%s'".formatted(out);
    Command.Result run =
        Command.of(
                List.of(
                    "nvim", "--headless", "-u", "NONE", "-c", globals, "-c", "luafile " + script))
            .in(dir)
            .mergeErrors()
            .timeout(Duration.ofMinutes(3))
            .run();
    assertTrue(Files.isRegularFile(out), "nvim wrote no results: " + run.output());
    JsonNode results = JsonMapper.builder().build().readTree(Files.readString(out));
    assertEquals(0, results.get("errors").size(), results.toString());
    JsonNode collision = null;
    for (JsonNode d : results.get("diagnostics")) {
      if ("SPL103".equals(d.get("code").asString())) {
        collision = d;
      }
    }
    assertTrue(collision != null, "no SPL103 in Neovim: " + results);
    assertEquals(21, collision.get("line").asInt(), collision.toString()); // search.yaml:22
    assertTrue(
        collision.get("related").get(0).get("uri").asString().endsWith("manifests/cart.yaml"),
        collision.toString());
  }
}
