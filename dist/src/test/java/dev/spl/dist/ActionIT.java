package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * action.yml run as a runner would, with a faked GitHub environment: each step's env is evaluated
 * (inputs, github.action_ref, earlier steps' outputs), its script runs under bash -eo pipefail,
 * $GITHUB_OUTPUT and $GITHUB_PATH are carried to the next step. Steps that use other actions
 * (actions/cache, actions/setup-java) are left out, as on a cache miss on Linux x86_64. The release
 * is served from a folder through SPL_RELEASES_URL.
 */
class ActionIT {
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  static final String VERSION = System.getProperty("spl.version");
  static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{\\s*([^}]+?)\\s*}}");

  @TempDir Path work;
  Path releases;
  Path workspace;

  @BeforeEach
  void setUp() throws Exception {
    releases = PreCommitReleaseIT.releaseFolder(work);
    workspace = Files.createDirectories(work.resolve("workspace"));
    Files.createDirectories(workspace.resolve("deploy"));
    Files.writeString(workspace.resolve("deploy/route.yaml"), DistributionIT.BAD_ROUTE);
    Files.writeString(
        workspace.resolve("deploy/service.yaml"),
        "apiVersion: v1\nkind: Service\nmetadata: {name: cart, namespace: shop}\nspec: {ports: [{port: 80}]}\n");
  }

  record Run(int status, String stdout, Map<String, Map<String, String>> outputs, String summary) {}

  @Test
  void findingsBecomeAnnotationsSarifAndASummaryAndFailTheStep() throws Exception {
    Run run = runAction(Map.of("paths", "deploy/"), "v" + VERSION);
    assertEquals(1, run.status(), run.stdout());
    assertTrue(
        run.stdout().contains("::error file=deploy/route.yaml,line=8,col="),
        "annotations: " + run.stdout());
    Path sarif = workspace.resolve("spl.sarif");
    assertTrue(Files.isRegularFile(sarif));
    assertEquals(List.of(), sarifSchema().validate(Files.readString(sarif), InputFormat.JSON));
    // the duration's fix travels with the result, as code scanning shows suggested changes
    assertTrue(
        Files.readString(sarif).contains("\"insertedContent\":{\"text\":\"24h\"}"),
        Files.readString(sarif));
    assertTrue(run.summary().startsWith("### spl lint\n\n1 error, 0 warnings"), run.summary());
    assertTrue(run.summary().contains("| `deploy/route.yaml:8:"), run.summary());
    assertEquals("1", run.outputs().get("lint").get("errors"));
    assertEquals("spl.sarif", run.outputs().get("lint").get("sarif-file"));
    assertEquals(VERSION, run.outputs().get("release").get("version"));
    assertEquals("false", run.outputs().get("release").get("needs-java"));
  }

  @Test
  void failOnNeverReportsAndPasses() throws Exception {
    Run run = runAction(Map.of("paths", "deploy/", "fail-on", "never"), "v" + VERSION);
    assertEquals(0, run.status(), run.stdout());
    assertTrue(run.stdout().contains("::error file=deploy/route.yaml"), run.stdout());
  }

  @Test
  void moreFlagsPassThroughAndTheErrorCountComesFromTheJsonReport() throws Exception {
    // --disable switches the duration rule off: the step passes and counts no error
    Run run = runAction(Map.of("paths", "deploy/", "args", "--disable SPL021"), "v" + VERSION);
    assertEquals(0, run.status(), run.stdout());
    assertEquals("0", run.outputs().get("lint").get("errors"), run.outputs().toString());
    assertFalse(run.stdout().contains("SPL021"), run.stdout());
  }

  @Test
  void aBranchRefWithoutAVersionSaysWhatToSet() throws Exception {
    Run run = runAction(Map.of(), "main");
    assertEquals(2, run.status());
    assertTrue(run.stdout().contains("set 'with: version: X.Y.Z'"), run.stdout());
  }

  @Test
  void aFileThatDoesNotMatchItsChecksumIsNotInstalled() throws Exception {
    Files.write(releases.resolve("spl-" + VERSION + "-linux-x86_64.tar.gz"), new byte[] {1, 2, 3});
    Run run = runAction(Map.of("paths", "deploy/"), "v" + VERSION);
    assertEquals(2, run.status());
    assertTrue(run.stdout().contains("does not match the release's checksum"), run.stdout());
    assertFalse(Files.exists(work.resolve("tool-cache/spl/" + VERSION + "/bin/spl")));
  }

  @SuppressWarnings("unchecked")
  Run runAction(Map<String, String> with, String actionRef) throws Exception {
    Map<String, Object> action =
        (Map<String, Object>)
            new Load(LoadSettings.builder().build())
                .loadFromString(Files.readString(REPO.resolve("action.yml")));
    Map<String, String> inputs = new HashMap<>();
    ((Map<String, Map<String, Object>>) action.get("inputs"))
        .forEach(
            (name, spec) -> inputs.put(name, String.valueOf(spec.getOrDefault("default", ""))));
    inputs.putAll(with);
    Map<String, Map<String, String>> outputs = new LinkedHashMap<>();
    Path temp = Files.createDirectories(work.resolve("runner-temp"));
    Path summary = temp.resolve("step-summary.md");
    Files.writeString(summary, "");
    String path = System.getenv("PATH");
    StringBuilder stdout = new StringBuilder();
    List<Map<String, Object>> steps =
        (List<Map<String, Object>>) ((Map<String, Object>) action.get("runs")).get("steps");
    for (Map<String, Object> step : steps) {
      if (step.containsKey("uses")) {
        continue;
      }
      assertEquals("bash", step.get("shell"), "every run step says its shell");
      Path outputFile = temp.resolve("output-" + outputs.size());
      Path pathFile = temp.resolve("path-" + outputs.size());
      Files.writeString(outputFile, "");
      Files.writeString(pathFile, "");
      ProcessBuilder pb =
          new ProcessBuilder(
                  "bash",
                  "--noprofile",
                  "--norc",
                  "-eo",
                  "pipefail",
                  "-c",
                  (String) step.get("run"))
              .directory(workspace.toFile())
              .redirectErrorStream(true);
      Map<String, String> env = pb.environment();
      env.put("PATH", path);
      env.put("GITHUB_ACTION_PATH", REPO.toString());
      env.put("GITHUB_WORKSPACE", workspace.toString());
      env.put("GITHUB_OUTPUT", outputFile.toString());
      env.put("GITHUB_PATH", pathFile.toString());
      env.put("GITHUB_STEP_SUMMARY", summary.toString());
      env.put("RUNNER_OS", "Linux");
      env.put("RUNNER_ARCH", "X64");
      env.put("RUNNER_TEMP", temp.toString());
      env.put("RUNNER_TOOL_CACHE", work.resolve("tool-cache").toString());
      env.put("SPL_RELEASES_URL", releases.getParent().toUri().toString());
      Map<String, Object> stepEnv = (Map<String, Object>) step.getOrDefault("env", Map.of());
      stepEnv.forEach(
          (k, v) -> env.put(k, evaluate(String.valueOf(v), inputs, actionRef, outputs)));
      assertFalse(
          ((String) step.get("run")).contains("${{"),
          "expressions go through env, not into scripts");
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(2, TimeUnit.MINUTES));
      stdout.append(out);
      Map<String, String> stepOutputs = new LinkedHashMap<>();
      for (String line : Files.readAllLines(outputFile)) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          stepOutputs.put(line.substring(0, eq), line.substring(eq + 1));
        }
      }
      outputs.put(String.valueOf(step.getOrDefault("id", "step" + outputs.size())), stepOutputs);
      for (String dir : Files.readAllLines(pathFile)) {
        path = dir + ":" + path;
      }
      if (p.exitValue() != 0) {
        return new Run(p.exitValue(), stdout.toString(), outputs, Files.readString(summary));
      }
    }
    return new Run(0, stdout.toString(), outputs, Files.readString(summary));
  }

  /** The expressions action.yml uses; any other fails the test, so none goes unevaluated. */
  static String evaluate(
      String value,
      Map<String, String> inputs,
      String actionRef,
      Map<String, Map<String, String>> outputs) {
    Matcher m = EXPRESSION.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String expr = m.group(1);
      String result;
      if (expr.startsWith("inputs.")) {
        result = inputs.get(expr.substring("inputs.".length()));
      } else if (expr.equals("github.action_ref")) {
        result = actionRef;
      } else if (expr.matches("steps\\.[\\w-]+\\.outputs\\.[\\w-]+")) {
        String[] parts = expr.split("\\.");
        result = outputs.getOrDefault(parts[1], Map.of()).get(parts[3]);
      } else {
        throw new AssertionError("the test cannot evaluate ${{ " + expr + " }}");
      }
      m.appendReplacement(out, Matcher.quoteReplacement(result == null ? "" : result));
    }
    m.appendTail(out);
    return out.toString();
  }

  static Schema sarifSchema() throws Exception {
    try (InputStream in =
        Files.newInputStream(
            REPO.resolve("cli/src/test/resources/sarif/sarif-schema-2.1.0.json"))) {
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(in, InputFormat.JSON);
    }
  }
}
