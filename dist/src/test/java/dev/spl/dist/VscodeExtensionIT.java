package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The VS Code extension (editors/vscode: the client configuration that starts spl lsp) is built
 * into a .vsix with npm's @vscode/vsce, as a user would build it, not published. Skipped, saying
 * why, where npm is missing.
 */
@Tag("tools")
class VscodeExtensionIT {
  private static final Path EXTENSION = DocsSiteIT.REPO.resolve("editors/vscode");

  @Test
  void theExtensionPackagesAndStartsSplLsp(@TempDir Path work) throws Exception {
    ToolsNeeded.require(ToolsNeeded.onPath("npm", "--version"), "npm is not installed");
    Path copy = Files.createDirectories(work.resolve("vscode"));
    try (Stream<Path> files = Files.list(EXTENSION)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    Command.Result install =
        Command.of("npm", "ci", "--no-audit", "--no-fund")
            .in(copy)
            .mergeErrors()
            .timeout(Duration.ofMinutes(5))
            .run();
    assertEquals(0, install.status(), install.output());
    Command.Result pack =
        Command.of("npx", "vsce", "package", "--out", "spl.vsix")
            .in(copy)
            .mergeErrors()
            .timeout(Duration.ofMinutes(3))
            .run();
    assertEquals(0, pack.status(), pack.output());

    Map<String, String> entries = new HashMap<>();
    try (ZipFile vsix = new ZipFile(copy.resolve("spl.vsix").toFile())) {
      vsix.stream()
          .forEach(
              e -> {
                try {
                  entries.put(e.getName(), new String(vsix.getInputStream(e).readAllBytes()));
                } catch (java.io.IOException x) {
                  throw new java.io.UncheckedIOException(x);
                }
              });
    }
    JsonNode manifest =
        JsonMapper.builder().build().readTree(entries.get("extension/package.json"));
    assertEquals("./extension.js", manifest.get("main").asString());
    String main = entries.get("extension/extension.js");
    assertTrue(main.contains("args: ['lsp']"), "the extension runs spl lsp");
    assertTrue(main.contains("require('vscode-languageclient/node')"), main);
    assertTrue(
        entries.containsKey("extension/node_modules/vscode-languageclient/lib/node/main.js"),
        "the language client is bundled");
    assertTrue(
        entries.keySet().stream()
            .noneMatch(n -> n.startsWith("extension/node_modules/@vscode/vsce")),
        "the packaging tool is not shipped: " + List.of(entries.keySet()).size() + " entries");
  }
}
