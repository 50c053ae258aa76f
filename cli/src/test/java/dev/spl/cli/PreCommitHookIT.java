package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spl-lint hook, installed from this repository by the real pre-commit into a throw-away git
 * repository, and exercised by real commits. Skipped, saying why, where pre-commit or git is
 * missing (.ci/run installs pre-commit from Debian).
 */
@Tag("tools")
class PreCommitHookIT {
  private static final Path HOOK_REPO = Path.of("..").toAbsolutePath().normalize();
  private static final Path JAR = Path.of("target", "spl.jar").toAbsolutePath();

  @TempDir Path work;
  Path repo;

  private Command.Result run(Path dir, String... command) throws IOException, InterruptedException {
    return Command.of(command)
        .in(dir)
        .mergeErrors()
        .timeout(Duration.ofMinutes(5))
        .env("PRE_COMMIT_HOME", work.resolve("cache").toString())
        .env("SPL_JAR", JAR.toString()) // the jar this build made, so the hook need not run Maven
        .env("GIT_AUTHOR_NAME", "spl test")
        .env("GIT_AUTHOR_EMAIL", "test@spl.invalid")
        .env("GIT_COMMITTER_NAME", "spl test")
        .env("GIT_COMMITTER_EMAIL", "test@spl.invalid")
        .run();
  }

  @BeforeEach
  void setUp() throws Exception {
    ToolsNeeded.requireOnPath("git");
    ToolsNeeded.require(
        ToolsNeeded.onPath("pre-commit", "--version"),
        "pre-commit is not installed (apt-get install pre-commit); hook test skipped");
    Command.Result head = run(HOOK_REPO, "git", "rev-parse", "HEAD");
    ToolsNeeded.require(head.status() == 0, "this checkout has no commit to install the hook from");
    ToolsNeeded.require(Files.isRegularFile(JAR), "cli/target/spl.jar is not built");
    repo = Files.createDirectories(work.resolve("repo"));
    assertEquals(0, run(repo, "git", "init", "-q").status());
    Files.writeString(
        repo.resolve(".pre-commit-config.yaml"),
        """
        repos:
        - repo: %s
          rev: %s
          hooks:
          - id: spl-lint
        """
            .formatted(HOOK_REPO, head.output().strip()));
    Command.Result install = run(repo, "pre-commit", "install");
    assertEquals(0, install.status(), install.output());
    assertEquals(0, run(repo, "git", "add", ".pre-commit-config.yaml").status());
    Command.Result first = commit("add pre-commit config");
    assertEquals(0, first.status(), first.output());
  }

  private Command.Result commit(String message) throws Exception {
    return run(repo, "git", "commit", "-q", "-m", message);
  }

  private Command.Result add(String file, String content) throws Exception {
    Path p = repo.resolve(file);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content);
    return run(repo, "git", "add", file);
  }

  @Test
  void goodPassesBadIsBlockedAndContextCatchesCrossFileProblems() throws Exception {
    // The repository's manifests are written for the Backend-attachment proposal (Backend, cookie).
    add(".spl.yaml", "gatewayApiVersion: gep-1619-backend\n");
    add(
        "manifests/service.yaml",
        """
        apiVersion: v1
        kind: Service
        metadata: {name: legacy, namespace: shop}
        spec:
          sessionAffinity: ClientIP
          selector: {app: legacy}
        """);
    Command.Result good = commit("a good manifest");
    assertEquals(0, good.status(), good.output());

    add(
        "manifests/backend.yaml",
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: cart, namespace: shop}
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: cart}}
            sessionPersistence:
              absoluteTimeout: 1d
              cookie: {name: cart}
        """);
    Command.Result bad = commit("a bad manifest");
    assertNotEquals(0, bad.status(), bad.output());
    assertTrue(bad.output().contains("manifests/backend.yaml:9:7: error SPL021"), bad.output());
    assertEquals(0, run(repo, "git", "reset", "-q", "HEAD", "manifests/backend.yaml").status());
    Files.delete(repo.resolve("manifests/backend.yaml"));

    // The route alone is fine; only the Service committed earlier makes it an error (SPL110).
    add(
        "manifests/route.yaml",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: legacy, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: legacy}]
            sessionPersistence: {cookie: {name: legacy}}
        """);
    Command.Result collision = commit("a route to the ClientIP Service");
    assertNotEquals(0, collision.status(), collision.output());
    assertTrue(collision.output().contains("SPL110"), collision.output());
    assertTrue(
        collision.output().contains("related: manifests/service.yaml:5:3"), collision.output());
    List<String> log =
        new ArrayList<>(List.of(run(repo, "git", "log", "--oneline").output().split("\n")));
    assertEquals(2, log.size(), "only the config and the good manifest were committed: " + log);
  }
}
