package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An edit is linted with the other files kept for the cross-resource rules of its own units only;
 * what it reports must be what a full lint of the workspace reports for that file.
 */
class WorkspaceLintTest {
  @TempDir static Path unpacked;

  private static List<String> shown(List<Finding> findings) {
    return findings.stream().map(Finding::toString).sorted().toList();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"nginx-gateway-fabric", "ingress-nginx", "contour"})
  void anUnchangedFileGetsWhatTheFullLintGaveIt(String repo) throws Exception {
    Path root = RealRepos.unpack(unpacked, repo);
    WorkspaceLint workspace = new WorkspaceLint(root, m -> {});
    Set<String> withFindings = workspace.read();
    assertFalse(withFindings.isEmpty(), repo + " has findings to compare");
    for (String file : withFindings) {
      if (!Files.isRegularFile(Path.of(file))) {
        continue; // a chart's rendering: judged as last read, whatever the buffer
      }
      String text = Files.readString(Path.of(file));
      assertEquals(shown(workspace.lint(file, null)), shown(workspace.lint(file, text)), file);
    }
  }

  @Test
  void anEditSeesTheOtherFilesOfItsUnitAndNothingElse(@TempDir Path dir) throws IOException {
    Path apps = Files.createDirectories(dir.resolve("apps"));
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(
        apps.resolve("service.yaml"),
        """
        apiVersion: v1
        kind: Service
        metadata: {name: cart, namespace: shop}
        spec:
          sessionAffinity: ClientIP
          ports: [{port: 80}]
        """);
    // the same Service name in another directory: another unit, which the edit must not meet
    Files.writeString(
        other.resolve("service.yaml"),
        """
        apiVersion: v1
        kind: Service
        metadata: {name: cart, namespace: shop}
        spec:
          ports: [{port: 80}]
        """);
    Path route = apps.resolve("route.yaml");
    String before =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
        """;
    Files.writeString(route, before);
    String after =
        before.replace(
            "  - backendRefs",
            "  - sessionPersistence: {sessionName: cart, absoluteTimeout: 1d}\n    backendRefs");
    WorkspaceLint workspace = new WorkspaceLint(dir, m -> {});
    workspace.read();
    String name = workspace.nameOf(route);
    List<Finding> edited = workspace.lint(name, after);
    // the same text saved and the workspace read whole again
    Files.writeString(route, after);
    WorkspaceLint full = new WorkspaceLint(dir, m -> {});
    full.read();
    assertEquals(shown(full.lint(name, null)), shown(edited));
    List<String> rules = edited.stream().map(Finding::ruleId).sorted().toList();
    assertTrue(rules.contains("SPL021"), "the edited file's own finding: " + rules);
    assertTrue(rules.contains("SPL110"), "with the ClientIP Service of its unit: " + rules);
  }
}
