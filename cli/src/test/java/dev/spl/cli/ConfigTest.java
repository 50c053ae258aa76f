package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.config.SplConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** .spl.yaml: each key works, flags win over it, and mistakes are usage errors with a position. */
class ConfigTest {
  @TempDir Path dir;
  Path manifest;

  @BeforeEach
  void writeManifest() throws IOException {
    // A NodePort Service with ClientIP affinity (SPL150, a warning) and a v1.6-shaped route.
    manifest =
        Files.writeString(
            dir.resolve("m.yaml"),
            """
        apiVersion: v1
        kind: Service
        metadata: {name: s}
        spec: {type: NodePort, sessionAffinity: ClientIP}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          rules:
          - sessionPersistence: {sessionName: cart}
        """);
  }

  private CliRun lintWith(String config, String... extra) throws IOException {
    Path file = Files.writeString(dir.resolve(".spl.yaml"), config);
    String[] args = new String[extra.length + 4];
    args[0] = "lint";
    args[1] = "--config";
    args[2] = file.toString();
    System.arraycopy(extra, 0, args, 3, extra.length);
    args[args.length - 1] = dir.toString();
    return CliRun.of(args);
  }

  @Test
  void gatewayApiVersionFromConfigAndFlagWins() throws IOException {
    assertFalse(lintWith("gatewayApiVersion: v1.6\n").out().contains("SPL026"));
    assertTrue(
        lintWith("gatewayApiVersion: v1.6\n", "--gateway-api-version", "main")
            .out()
            .contains("SPL026"));
  }

  @Test
  void ruleLevelsAndOff() throws IOException {
    CliRun raised = lintWith("gatewayApiVersion: v1.6\nrules: {client-ip-behind-snat: error}\n");
    assertTrue(raised.out().contains("error SPL150"), raised.out());
    assertEquals(1, raised.status());
    CliRun off = lintWith("gatewayApiVersion: v1.6\nrules: {SPL150: off}\n");
    assertFalse(off.out().contains("SPL150"), off.out());
    assertEquals(0, off.status());
  }

  @Test
  void failOnFromConfig() throws IOException {
    assertEquals(0, lintWith("gatewayApiVersion: v1.6\n").status());
    assertEquals(1, lintWith("gatewayApiVersion: v1.6\nfailOn: warning\n").status());
    assertEquals(
        0, lintWith("gatewayApiVersion: v1.6\nfailOn: warning\n", "--fail-on", "error").status());
  }

  @Test
  void excludeGlobsAreRelativeToTheConfigFile() throws IOException {
    Files.createDirectories(dir.resolve("vendor"));
    // a sticky manifest with a syntax error (a walk leaves broken YAML that is no manifest, or
    // writes nothing about sessions, to other tools)
    Files.writeString(
        dir.resolve("vendor/broken.yaml"),
        "apiVersion: v1\nkind: Service\nspec: {sessionAffinity: ClientIP}\nmetadata: [unclosed\n");
    assertTrue(lintWith("gatewayApiVersion: v1.6\n").out().contains("SPL001"));
    assertFalse(
        lintWith("gatewayApiVersion: v1.6\nexclude: [\"vendor/**\"]\n").out().contains("SPL001"));
  }

  @Test
  void unknownKeyIsAPositionedUsageError() throws IOException {
    CliRun run = lintWith("gatewayApiVersion: v1.6\nfailon: warning\n");
    assertEquals(2, run.status());
    assertTrue(run.err().contains(".spl.yaml:2:1: unknown key 'failon'"), run.err());
  }

  @Test
  void unknownRuleAndBadLevelAreUsageErrors() throws IOException {
    CliRun unknown = lintWith("rules: {SPL999: off}\n");
    assertEquals(2, unknown.status());
    assertTrue(unknown.err().contains("unknown rule 'SPL999'"), unknown.err());
    CliRun level = lintWith("rules: {SPL150: loud}\n");
    assertEquals(2, level.status());
    assertTrue(level.err().contains("not 'loud'"), level.err());
  }

  @Test
  void discoveryWalksUpToAParent() throws IOException {
    Files.writeString(dir.resolve(".spl.yaml"), "failOn: never\n");
    Path nested = Files.createDirectories(dir.resolve("a/b"));
    assertEquals(dir.resolve(".spl.yaml").toAbsolutePath(), SplConfig.discover(nested));
  }
}
