package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout's launcher through the links users make to put it on their PATH (what
 * docs/editors.md implies: an editor runs {@code spl lsp} from the PATH): before, it looked for its
 * pom.xml beside the link and failed with {@code sed: can't read <bin>/pom.xml}.
 */
class LauncherSymlinkIT {
  private static final Path LAUNCHER = Path.of("..", "spl").toAbsolutePath().normalize();
  private static final Path JAR = Path.of("target", "spl.jar").toAbsolutePath();

  @Test
  void aLinkToTheLauncherRunsThisCheckoutsSpl(@TempDir Path home) throws Exception {
    ToolsNeeded.require(Files.isRegularFile(JAR), "cli/target/spl.jar is not built");
    Path bin = Files.createDirectories(home.resolve("bin"));
    // an absolute link, and a relative link to that link, from another directory
    Files.createSymbolicLink(bin.resolve("spl"), LAUNCHER);
    Path other = Files.createDirectories(home.resolve("other"));
    Files.createSymbolicLink(other.resolve("spl"), Path.of("..", "bin", "spl"));
    for (Path link : new Path[] {bin.resolve("spl"), other.resolve("spl")}) {
      Command.Result run =
          Command.of(link.toString(), "--version")
              .in(home)
              .env("SPL_JAR", JAR.toString())
              .timeout(Duration.ofMinutes(2))
              .run();
      assertEquals(0, run.status(), link + ": " + run.out() + run.err());
      assertTrue(run.out().startsWith("spl "), run.out());
      assertTrue(!run.err().contains("pom.xml"), run.err());
    }
  }
}
