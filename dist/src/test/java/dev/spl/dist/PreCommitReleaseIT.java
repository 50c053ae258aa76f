package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spl-lint hook as a user of a release gets it: Debian's real pre-commit installs the hook from
 * this repository, and the hook fetches the release tarball (served from a folder, as a mirror
 * would, through SPL_RELEASES_URL) instead of building with Maven. Maven is kept off the PATH, so a
 * build would fail loudly.
 */
@Tag("tools")
class PreCommitReleaseIT {
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  static final String VERSION = System.getProperty("spl.version");

  @TempDir Path work;
  Path releases;
  Path project;

  @BeforeEach
  void setUp() throws Exception {
    releases = releaseFolder(work);
    project = Files.createDirectories(work.resolve("project"));
    assertEquals(0, run(project, "git", "init", "-q").status());
    String head = run(REPO, "git", "rev-parse", "HEAD").output().strip();
    Files.writeString(
        project.resolve(".pre-commit-config.yaml"),
        "repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: spl-lint\n".formatted(REPO, head));
    assertEquals(0, run(project, "git", "add", ".pre-commit-config.yaml").status());
    Command.Result install = run(project, "pre-commit", "install");
    assertEquals(0, install.status(), install.output());
  }

  @Test
  void theFirstRunDownloadsTheReleaseOnceAndNoRunBuilds() throws Exception {
    Files.writeString(
        project.resolve("route.yaml"),
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            sessionPersistence: {sessionName: cart, absoluteTimeout: 1d}
        """);
    assertEquals(0, run(project, "git", "add", "route.yaml").status());
    long started = System.nanoTime();
    Command.Result first = run(project, "git", "commit", "-q", "-m", "bad route");
    long firstMillis = (System.nanoTime() - started) / 1_000_000;
    assertNotEquals(0, first.status(), first.output());
    assertTrue(first.output().contains("downloading spl " + VERSION), first.output());
    assertTrue(first.output().contains("route.yaml:7:"), first.output());
    assertTrue(first.output().contains("SPL021"), first.output());
    assertFalse(first.output().contains("\u001b["), "no colour codes: " + first.output());

    started = System.nanoTime();
    Command.Result again = run(project, "git", "commit", "-q", "-m", "bad route");
    long againMillis = (System.nanoTime() - started) / 1_000_000;
    assertNotEquals(0, again.status());
    assertFalse(again.output().contains("downloading"), again.output());
    assertTrue(again.output().contains("SPL021"), again.output());
    // The numbers for bench/README.md: a whole `git commit` with the hook, first and later.
    System.out.printf(
        "pre-commit hook from a release: first commit %d ms, next %d ms%n",
        firstMillis, againMillis);
  }

  @Test
  void aTamperedDownloadIsNeverRun() throws Exception {
    Path tarball =
        Files.list(releases)
            .filter(p -> p.toString().endsWith(".tar.gz"))
            .findFirst()
            .orElseThrow();
    Files.write(tarball, new byte[] {1, 2, 3}); // the checksum list still names the real one
    Files.writeString(
        project.resolve("route.yaml"), "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n");
    assertEquals(0, run(project, "git", "add", "route.yaml").status());
    Command.Result commit = run(project, "git", "commit", "-q", "-m", "a service");
    assertNotEquals(0, commit.status(), commit.output());
    assertTrue(commit.output().contains("could not download spl " + VERSION), commit.output());
    assertTrue(
        Files.notExists(work.resolve("xdg/spl/" + VERSION + "/spl-" + VERSION + "-linux-x86_64")));
  }

  Command.Result run(Path dir, String... command) throws IOException, InterruptedException {
    return Command.of(command)
        .in(dir)
        .mergeErrors()
        .timeout(Duration.ofMinutes(5))
        .env("PRE_COMMIT_HOME", work.resolve("pre-commit").toString())
        .env("XDG_CACHE_HOME", work.resolve("xdg").toString())
        .env("SPL_RELEASES_URL", releases.getParent().toUri().toString())
        .env("SPL_RELEASE_VERSION", VERSION)
        .without("SPL_JAR")
        .env("PATH", withoutMaven(System.getenv("PATH")))
        .env("GIT_AUTHOR_NAME", "spl test")
        .env("GIT_AUTHOR_EMAIL", "test@spl.invalid")
        .env("GIT_COMMITTER_NAME", "spl test")
        .env("GIT_COMMITTER_EMAIL", "test@spl.invalid")
        .run();
  }

  /**
   * The PATH with Maven hidden: a folder of links to everything else in the folders holding mvn.
   */
  String withoutMaven(String path) throws IOException {
    Path bin = work.resolve("bin-without-mvn");
    if (Files.notExists(bin)) {
      Files.createDirectories(bin);
      for (String dir : path.split(":")) {
        Path d = Path.of(dir);
        if (!Files.isDirectory(d)) {
          continue;
        }
        try (var tools = Files.list(d)) {
          for (Path tool : (Iterable<Path>) tools::iterator) {
            Path link = bin.resolve(tool.getFileName());
            if (!tool.getFileName().toString().startsWith("mvn") && Files.notExists(link)) {
              Files.createSymbolicLink(link, tool);
            }
          }
        }
      }
    }
    return bin.toString();
  }

  /**
   * A folder laid out as the release's download URL is, {@code releases/v<version>/}: the tarball
   * this build made and the SHA-256 list, as a mirror would serve them (SPL_RELEASES_URL).
   */
  static Path releaseFolder(Path work) throws Exception {
    Path tarball = Path.of(System.getProperty("spl.dist.tarball"));
    Path folder = Files.createDirectories(work.resolve("releases/v" + VERSION));
    Files.copy(tarball, folder.resolve(tarball.getFileName()));
    Files.writeString(
        folder.resolve("checksums_sha256.txt"),
        sha256(tarball) + "  " + tarball.getFileName() + "\n");
    return folder;
  }

  static String sha256(Path file) throws Exception {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    try (var in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
