package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --context: the whole directory feeds the index, only the changed files are reported. --quiet. */
class ContextAndQuietTest {
  @TempDir Path repo;

  @org.junit.jupiter.api.BeforeEach
  void routesAreWrittenForMain() throws IOException {
    Files.writeString(repo.resolve(".spl.yaml"), "gatewayApiVersion: main\n");
  }

  static String route(String name, String cookie) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - backendRefs: [{name: %s}]
            sessionPersistence: {cookie: {name: %s}}
        """
        .formatted(name, name, cookie);
  }

  @Test
  void collisionWithAnUnchangedFileIsFound() throws IOException {
    Files.writeString(repo.resolve("old.yaml"), route("old", "shared"));
    Path changed = Files.writeString(repo.resolve("new.yaml"), route("new", "shared"));
    CliRun alone = CliRun.of("lint", "--disable", "SPL120", changed.toString());
    assertFalse(alone.out().contains("SPL103"), alone.out());
    CliRun withContext =
        CliRun.of("lint", "--disable", "SPL120", "--context", repo.toString(), changed.toString());
    assertTrue(withContext.out().contains("SPL103"), withContext.out());
    assertTrue(withContext.out().contains("new.yaml:8:"), withContext.out());
    assertTrue(withContext.out().contains("2 files"), withContext.out());
  }

  @Test
  void findingsOnlyInUnchangedFilesAreNotReported() throws IOException {
    Files.writeString(repo.resolve("broken.yaml"), "a: [unclosed\n");
    Path changed =
        Files.writeString(
            repo.resolve("fine.yaml"), "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n");
    CliRun run = CliRun.of("lint", "--context", repo.toString(), changed.toString());
    assertFalse(run.out().contains("SPL001"), run.out());
    assertEquals(0, run.status());
  }

  @Test
  void quietPrintsOnlyFindings() throws IOException {
    Path bad =
        Files.writeString(
            repo.resolve("b.yaml"),
            "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n"
                + "spec: {sessionAffinity: Sticky}\n");
    CliRun run = CliRun.of("lint", "--quiet", bad.toString());
    assertEquals(1, run.out().strip().split("\n").length, run.out());
    assertTrue(run.out().contains("SPL020"));
    assertEquals("", run.err());
  }

  @Test
  void noProgressWhenNotATerminal() throws IOException {
    Path ok =
        Files.writeString(
            repo.resolve("ok.yaml"), "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n");
    assertEquals("", CliRun.of("lint", ok.toString()).err());
  }
}
