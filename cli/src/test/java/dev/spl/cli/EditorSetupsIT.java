package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The editor setups docs/editors.md gives, run as written in the real editors installed here
 * (Debian 12's Neovim 0.7 and Emacs 28 with its eglot package), with {@code spl} on the PATH as the
 * docs say - a symbolic link to the checkout's launcher: each attaches to the README's example
 * repository and shows the cross-resource finding spl lint reports there (SPL103 on
 * manifests/search.yaml:22, with cart.yaml). Skipped, saying why, where an editor is missing
 * (.ci/run installs both).
 */
@Tag("tools")
class EditorSetupsIT {
  private static final Path JAR = Path.of("target", "spl.jar").toAbsolutePath();
  private static final Path DOCS = Path.of("../docs/editors.md");

  @Test
  void theNeovim07SetupShowsTheCrossResourceFinding(@TempDir Path dir) throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("nvim", "--version"), "nvim is not installed (apt-get install neovim)");
    ToolsNeeded.require(Files.isRegularFile(JAR), "cli/target/spl.jar is not built");
    Path init = dir.resolve("init.lua");
    Files.writeString(init, documentedBlock("Neovim 0.7 (Debian 12's)", "lua"));
    Path shop = repository(dir);
    Path out = dir.resolve("diagnostics.txt");
    String globals = "lua SPL_CODE = 'SPL103'; SPL_OUT = '%s'".formatted(out);
    Path collect = Path.of("src/test/resources/lsp/collect.lua").toAbsolutePath();
    Command.Result run =
        withSplOnThePath(
                dir,
                List.of(
                    "nvim",
                    "--headless",
                    "-u",
                    init.toString(),
                    shop.resolve("manifests/search.yaml").toString(),
                    "-c",
                    globals,
                    "-c",
                    "luafile " + collect))
            .run();
    assertTrue(Files.isRegularFile(out), "nvim wrote nothing: " + run.output());
    List<String> lines = Files.readAllLines(out);
    assertEquals("clients\t1", lines.get(0), "one spl client attached: " + lines);
    assertTrue(
        lines.stream().anyMatch(l -> l.startsWith("22\tSPL103\t") && l.contains("shop/cart")),
        "SPL103 at search.yaml:22 in Neovim: " + lines + "\n" + run.output());
  }

  @Test
  void theEmacsEglotSetupShowsTheCrossResourceFinding(@TempDir Path dir) throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("emacs", "--version"),
        "emacs is not installed (apt-get install emacs-nox elpa-eglot elpa-yaml-mode)");
    ToolsNeeded.require(Files.isRegularFile(JAR), "cli/target/spl.jar is not built");
    ToolsNeeded.require(
        Files.isDirectory(Path.of("/usr/share/emacs/site-lisp/elpa"))
            && hasPackage("eglot")
            && hasPackage("yaml-mode"),
        "Emacs 28 has no eglot or yaml-mode here (apt-get install elpa-eglot elpa-yaml-mode)");
    Path init = dir.resolve("init.el");
    Files.writeString(init, documentedBlock("## Emacs (eglot)", "elisp"));
    Path shop = repository(dir);
    Path out = dir.resolve("diagnostics.txt");
    Path collect = Path.of("src/test/resources/lsp/collect.el").toAbsolutePath();
    Command.Result run =
        withSplOnThePath(dir, List.of("emacs", "--batch", "-l", collect.toString()))
            .env("SPL_INIT", init.toString())
            .env("SPL_FILE", shop.resolve("manifests/search.yaml").toString())
            .env("SPL_CODE", "SPL103")
            .env("SPL_OUT", out.toString())
            .run();
    assertTrue(Files.isRegularFile(out), "emacs wrote nothing: " + run.output());
    List<String> lines = Files.readAllLines(out);
    assertEquals("mode\tyaml-mode", lines.get(0), lines.toString());
    assertTrue(
        lines.stream()
            .anyMatch(
                l -> l.startsWith("22\t") && l.contains("[SPL103]") && l.contains("shop/cart")),
        "SPL103 at search.yaml:22 in Emacs: " + lines + "\n" + run.output());
  }

  /**
   * The first fenced block of {@code language} after the line starting with {@code heading}: what a
   * user copies.
   */
  static String documentedBlock(String heading, String language) throws IOException {
    String docs = Files.readString(DOCS);
    int at = docs.indexOf("\n" + heading);
    assertTrue(at >= 0, "docs/editors.md has no \"" + heading + "\"");
    Matcher block = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(docs);
    assertTrue(block.find(at), "no " + language + " block after \"" + heading + "\"");
    return block.group(1);
  }

  /** The README's example repository, as a clone of its own (the editors root it at .git). */
  private static Path repository(Path dir) throws Exception {
    Path shop = dir.resolve("shop");
    Path from = Path.of("src/test/resources/repos/shop");
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.toList()) {
        Path to = shop.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    Command.of(List.of("git", "init", "-q")).in(shop).run();
    assertTrue(Files.isDirectory(shop.resolve(".git")), "git init made no repository");
    return shop;
  }

  /** {@code spl} on the PATH as docs/editors.md says: a link to the checkout's launcher. */
  private static Command withSplOnThePath(Path dir, List<String> command) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Files.createSymbolicLink(bin.resolve("spl"), Path.of("../spl").toAbsolutePath().normalize());
    return Command.of(command)
        .in(dir)
        .env("PATH", bin + ":" + System.getenv("PATH"))
        .env("SPL_JAR", JAR.toString())
        .env("HOME", dir.toString())
        .mergeErrors()
        .timeout(Duration.ofMinutes(3));
  }

  private static boolean hasPackage(String name) {
    try (Stream<Path> dirs = Files.list(Path.of("/usr/share/emacs/site-lisp/elpa"))) {
      return dirs.anyMatch(d -> d.getFileName().toString().startsWith(name + "-"));
    } catch (IOException e) {
      return false;
    }
  }
}
