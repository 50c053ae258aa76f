package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.cli.build.BuildInfo;
import dev.spl.testing.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user tries first: help, typos, several outputs, configuration they cannot annotate.
 */
class CliBasicsTest {
  private static final String BAD_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: cart, namespace: shop}
      spec:
        rules:
        - backendRefs: [{name: cart}]
          sessionPersistence: {sessionName: s, absoluteTimeout: 1d}
      """;

  @Test
  void everySubcommandHasHelp() {
    for (String command : new String[] {"lint", "rules", "explain", "version", "probe"}) {
      CliRun run = CliRun.of(command, "--help");
      assertEquals(0, run.status(), command + ": " + run.err());
      assertTrue(run.out().contains("Usage: spl " + command), command + ": " + run.out());
      assertEquals(0, CliRun.of(command, "-h").status(), command);
    }
  }

  @Test
  void versionSaysWhatWasBuiltAndWhereItRuns() {
    CliRun run = CliRun.of("version");
    assertEquals(0, run.status(), run.err());
    String out = run.out();
    assertTrue(out.startsWith("spl " + BuildInfo.version() + "\n"), out);
    // a build from a git checkout names its commit and date; one from a source tarball says so
    String head = gitHead();
    if (head.isEmpty()) {
      assertTrue(out.contains("commit:       unknown"), out);
    } else {
      assertTrue(out.contains("commit:       " + head), head + " in " + out);
      assertTrue(out.matches("(?s).*built: +\\d{4}-\\d\\d-\\d\\dT.*"), out);
    }
    assertTrue(out.contains("java:         " + System.getProperty("java.runtime.version")), out);
    assertTrue(out.contains("default latest = v1.6"), out);
    assertFalse(out.contains("${"), "every build property is filled: " + out);
  }

  private static String gitHead() {
    try {
      Command.Result git =
          Command.of("git", "rev-parse", "--short=7", "HEAD").in(java.nio.file.Path.of("..")).run();
      return git.status() == 0 ? git.out().trim() : "";
    } catch (java.io.IOException | InterruptedException e) {
      return "";
    }
  }

  @Test
  void typosGetSuggestions() {
    CliRun command = CliRun.of("lnt", "x.yaml");
    assertEquals(2, command.status());
    assertTrue(command.err().contains("Did you mean: lint"), command.err());
    CliRun version = CliRun.of("lint", "--gateway-api-version", "v1,6", "x.yaml");
    assertEquals(2, version.status());
    assertTrue(version.err().contains("did you mean 'v1.6'?"), version.err());
    CliRun rule = CliRun.of("lint", "--disable", "permanent-needs-absolute-timout", "x.yaml");
    assertEquals(2, rule.status());
    assertTrue(rule.err().contains("did you mean 'permanent-needs-absolute-timeout'?"), rule.err());
    CliRun format = CliRun.of("lint", "--format", "sarf", "x.yaml");
    assertTrue(format.err().contains("did you mean 'sarif'?"), format.err());
  }

  @Test
  void warnIsWarning(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("r.yaml"), BAD_ROUTE.replace("1d", "24h"));
    Files.writeString(dir.resolve(".spl.yaml"), "gatewayApiVersion: main\n");
    // main: the v1.x shape is one SPL026 error; as a warning it fails only --fail-on warn
    Files.writeString(dir.resolve(".spl.yaml"), "gatewayApiVersion: main\nrules: {SPL026: warn}\n");
    assertEquals(0, CliRun.of("lint", file.toString()).status());
    assertEquals(1, CliRun.of("lint", "--fail-on", "warn", file.toString()).status());
  }

  @Test
  void severalFormatsInOneRun(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("r.yaml"), BAD_ROUTE);
    Path sarif = dir.resolve("out/spl.sarif");
    Files.createDirectories(sarif.getParent());
    CliRun run =
        CliRun.of("lint", "--format", "github", "--format", "sarif=" + sarif, file.toString());
    assertEquals(1, run.status());
    assertTrue(run.out().startsWith("::error file="), run.out());
    assertTrue(Files.readString(sarif).contains("\"ruleId\":\"SPL021\""), Files.readString(sarif));
    CliRun twoToStdout = CliRun.of("lint", "--format", "json", "--format", "text", file.toString());
    assertEquals(2, twoToStdout.status());
    assertTrue(twoToStdout.err().contains("only one --format can go to standard output"));
  }

  @Test
  void suppressionsByResourceInTheConfig(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("r.yaml"), BAD_ROUTE);
    Files.writeString(
        dir.resolve(".spl.yaml"),
        """
        suppressions:
        - kind: HTTPRoute
          namespace: sh*
          name: cart
          rules: [invalid-duration]
          reason: vendored chart, fixed upstream in 2.0
        """);
    CliRun run = CliRun.of("lint", file.toString());
    assertEquals(0, run.status(), run.out());
    assertFalse(run.out().contains("SPL021"), run.out());
    // a suppression without a reason is refused, with its position
    Files.writeString(dir.resolve(".spl.yaml"), "suppressions:\n- kind: HTTPRoute\n");
    CliRun noReason = CliRun.of("lint", file.toString());
    assertEquals(2, noReason.status());
    assertTrue(
        noReason.err().contains(".spl.yaml:2:3: a suppression needs a reason"), noReason.err());
  }

  @Test
  void skipByNamespace(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("r.yaml"), BAD_ROUTE);
    Files.writeString(dir.resolve(".spl.yaml"), "skip: {namespaces: [shop]}\n");
    assertEquals(0, CliRun.of("lint", file.toString()).status());
  }

  @Test
  void aConfigInASubdirectoryGovernsItsFiles(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve(".spl.yaml"), "gatewayApiVersion: v1.6\n");
    Path sub = Files.createDirectories(dir.resolve("next"));
    Files.writeString(sub.resolve(".spl.yaml"), "gatewayApiVersion: main\n");
    Files.writeString(dir.resolve("old.yaml"), BAD_ROUTE.replace("1d", "24h"));
    Files.writeString(
        sub.resolve("new.yaml"), BAD_ROUTE.replace("1d", "24h").replace("cart", "cart2"));
    CliRun run = CliRun.of("lint", dir.toString());
    // the v1.x route is fine for v1.6 and one SPL026 under main
    assertEquals(1, run.out().lines().filter(l -> l.contains("SPL026")).count(), run.out());
    assertTrue(run.out().contains("new.yaml:7:5: error SPL026 written for v1.6"), run.out());
    assertTrue(run.out().contains("Gateway API versions: main for 1 file"), run.out());
    assertTrue(run.out().contains("v1.6 for 1 file"), run.out());
  }

  @Test
  void annotationKeysMatchRuleIdsInAnyCase(@TempDir Path dir) throws IOException {
    String annotated =
        BAD_ROUTE.replace(
            "metadata: {name: cart, namespace: shop}",
            "metadata:\n  name: cart\n  namespace: shop\n  annotations: {ignore.spl.dev/spl021: \"chart default\"}");
    Path file = Files.writeString(dir.resolve("r.yaml"), annotated);
    CliRun run = CliRun.of("lint", file.toString());
    assertEquals(0, run.status(), run.out());
  }
}
