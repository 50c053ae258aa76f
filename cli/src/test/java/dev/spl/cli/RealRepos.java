package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.testing.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real repositories the tests keep (src/test/resources/realrepos), unpacked once each. */
final class RealRepos {
  private RealRepos() {}

  /** {@code repo} unpacked under {@code into} (again only if not there yet). */
  static Path unpack(Path into, String repo) throws IOException, InterruptedException {
    Path dir = into.resolve(repo);
    if (Files.isDirectory(dir)) {
      return dir;
    }
    Files.createDirectories(dir);
    Path tarball = Path.of("src/test/resources/realrepos", repo + ".tar.gz").toAbsolutePath();
    Command.Result tar =
        Command.of("tar", "-xzf", tarball.toString(), "-C", dir.toString()).mergeErrors().run();
    assertEquals(0, tar.status(), tar.out());
    return dir;
  }
}
