package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A walk in a git work tree leaves out what git ignores, as spl's own checkout showed: 253 of 506
 * output lines came from {@code target/}. Each file below holds the same sticky Service with a
 * timeout the API server refuses, so each file walked is one finding.
 */
class GitIgnoreWalkTest {
  @TempDir Path repo;

  private void service(String file) throws IOException {
    Path f = repo.resolve(file);
    Files.createDirectories(f.getParent());
    Files.writeString(
        f,
        """
        apiVersion: v1
        kind: Service
        metadata: {name: %s}
        spec:
          sessionAffinity: ClientIP
          sessionAffinityConfig: {clientIP: {timeoutSeconds: 0}}
          ports: [{port: 80}]
        """
            .formatted(f.getFileName().toString().replace(".yaml", "").replace('.', '-')));
  }

  @BeforeEach
  void workTree() throws IOException {
    Files.createDirectories(repo.resolve(".git/info"));
    Files.writeString(repo.resolve(".git/info/exclude"), "secret.yaml\n");
    Files.writeString(
        repo.resolve(".gitignore"),
        "target/\nnode_modules/\n*.generated.yaml\n!keep.generated.yaml\n");
    Files.createDirectories(repo.resolve("deploy"));
    Files.writeString(repo.resolve("deploy/.gitignore"), "local/\n");
    for (String f :
        List.of(
            "target/a.yaml",
            "node_modules/x/b.yaml",
            "deploy/svc.yaml",
            "deploy/x.generated.yaml",
            "deploy/keep.generated.yaml",
            "deploy/secret.yaml",
            "deploy/local/c.yaml",
            "local/d.yaml")) {
      service(f);
    }
  }

  private static List<String> files(CliRun run, Path root) {
    return run.out()
        .lines()
        .filter(l -> l.contains(" SPL028 "))
        .map(l -> l.substring(root.toString().length() + 1, l.indexOf(':')))
        .toList();
  }

  @Test
  void aWalkLeavesOutWhatGitIgnoresAndVerboseSaysSo() {
    CliRun run = CliRun.of("lint", "--verbose", repo.toString());
    // .gitignore's own rules, a re-included file, .git/info/exclude, a nested .gitignore (whose
    // local/ is deploy/local/ only)
    assertEquals(
        List.of("deploy/keep.generated.yaml", "deploy/svc.yaml", "local/d.yaml"),
        files(run, repo),
        run.out());
    for (String left :
        List.of(
            "target/",
            "node_modules/",
            "deploy/x.generated.yaml",
            "deploy/secret.yaml",
            "deploy/local/")) {
      assertTrue(
          run.out()
              .contains(
                  "skipped: "
                      + repo.resolve(left.replaceAll("/$", ""))
                      + (left.endsWith("/") ? "/" : "")
                      + " (ignored by git; --include-ignored walks it)"),
          left + "\n" + run.out());
    }
  }

  @Test
  void includeIgnoredWalksEverythingAndANamedIgnoredDirectoryIsRead() {
    assertEquals(8, files(CliRun.of("lint", "--include-ignored", repo.toString()), repo).size());
    CliRun target = CliRun.of("lint", repo.resolve("target").toString());
    assertEquals(List.of("target/a.yaml"), files(target, repo), target.out());
  }

  @Test
  void outsideAWorkTreeNothingIsLeftOut() throws IOException {
    Files.delete(repo.resolve(".git/info/exclude"));
    Files.delete(repo.resolve(".git/info"));
    Files.delete(repo.resolve(".git"));
    assertEquals(8, files(CliRun.of("lint", repo.toString()), repo).size());
  }
}
