package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleExamples;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The examples are tests: every line of a bad.yaml marked {@code # expect: SPLnnn} must carry that
 * finding, no other line may carry any, and good.yaml must lint clean. A marker may add a quoted
 * fragment the message must contain ({@code # expect: SPL021 "days are not a unit"}), as Error
 * Prone's "BUG: Diagnostic contains:" does. The folder's {@code .spl.yaml} sets the version the
 * example is written for.
 */
class ExamplesTest {
  static final Path EXAMPLES = Path.of("..", "examples");
  private static final Pattern VERSION = Pattern.compile("(?m)^gatewayApiVersion: (\\S+)");

  @TestFactory
  Stream<DynamicTest> everyRulesExamples() {
    return BuiltInRules.all().stream()
        .filter(rule -> !RuleExamples.needTheCli(rule.info()))
        .flatMap(
            rule ->
                Stream.of(
                    DynamicTest.dynamicTest(
                        RuleExamples.folder(rule.info()) + "/bad.yaml", () -> checkBad(rule)),
                    DynamicTest.dynamicTest(
                        RuleExamples.folder(rule.info()) + "/good.yaml", () -> checkGood(rule))));
  }

  /**
   * A rule whose examples are charts or kustomize builds has both, each with its manifest; the
   * CLI's {@code spl lint ../examples} test builds and checks them as it does every other example.
   */
  @TestFactory
  Stream<DynamicTest> builtExamplesAreComplete() {
    return BuiltInRules.all().stream()
        .filter(rule -> RuleExamples.needTheCli(rule.info()))
        .map(
            rule ->
                DynamicTest.dynamicTest(
                    RuleExamples.folder(rule.info()),
                    () -> {
                      Path folder = EXAMPLES.resolve(RuleExamples.folder(rule.info()));
                      List<String> needed =
                          RuleExamples.areCharts(rule.info())
                              ? List.of(
                                  "bad/Chart.yaml",
                                  "bad/values.yaml",
                                  "good/Chart.yaml",
                                  "good/values.yaml")
                              : List.of("bad/kustomization.yaml", "good/kustomization.yaml");
                      for (String f : needed) {
                        assertTrue(Files.isRegularFile(folder.resolve(f)), folder + " lacks " + f);
                      }
                      for (String f :
                          List.of(
                              RuleExamples.badFile(rule.info()),
                              RuleExamples.goodFile(rule.info()))) {
                        assertTrue(Files.isRegularFile(folder.resolve(f)), folder + " lacks " + f);
                      }
                      assertTrue(
                          ExpectMarkers.in(RuleExamples.bad(rule.info()).orElseThrow())
                              .names(rule.info().id()),
                          folder + "/" + RuleExamples.badFile(rule.info()) + " marks no line");
                    }));
  }

  /**
   * The examples' manifest files, {@code <folder>/*.yaml} (a chart example's files are deeper: the
   * CLI renders those), in path order.
   */
  static List<Path> manifestFiles() throws IOException {
    try (Stream<Path> files = Files.walk(EXAMPLES)) {
      return files
          .filter(p -> EXAMPLES.relativize(p).getNameCount() == 2)
          .filter(
              p -> p.toString().endsWith(".yaml") && !p.getFileName().toString().startsWith("."))
          .sorted()
          .toList();
    }
  }

  private static void checkBad(Rule rule) throws IOException {
    Path file = EXAMPLES.resolve(RuleExamples.folder(rule.info())).resolve("bad.yaml");
    String text = Files.readString(file, StandardCharsets.UTF_8);
    ExpectMarkers markers = ExpectMarkers.in(text);
    assertTrue(
        markers.names(rule.info().id()),
        file + " marks no line with its own rule " + rule.info().id());
    List<Finding> findings = lint(file, text);
    for (Finding f : findings) {
      assertTrue(f.message().length() <= 120, () -> "message over 120 characters: " + f.message());
    }
    markers.assertMatches(file.toString(), findings);
  }

  private static void checkGood(Rule rule) throws IOException {
    Path file = EXAMPLES.resolve(RuleExamples.folder(rule.info())).resolve("good.yaml");
    List<Finding> findings = lint(file, Files.readString(file, StandardCharsets.UTF_8));
    assertEquals(List.of(), findings, file + " must lint clean");
  }

  /**
   * The version an example's folder declares in its .spl.yaml, as `spl lint examples/` reads it.
   */
  static GatewayApiVersion versionOf(Path example) throws IOException {
    Path file = example.resolveSibling(".spl.yaml");
    if (!Files.exists(file)) {
      file = example.getParent().resolveSibling(".spl.yaml"); // a build example: bad/bad.yaml
    }
    String config = Files.readString(file);
    Matcher v = VERSION.matcher(config);
    assertTrue(v.find(), file + " names no gatewayApiVersion");
    return GatewayApiVersion.parse(v.group(1));
  }

  static List<Finding> lint(Path file, String text) throws IOException {
    return new Engine()
        .lint(new ManifestLoader().loadText(file.toString(), text), optionsOf(file))
        .findings();
  }

  /**
   * The options an example is linted with, as `spl lint` reads its folder's .spl.yaml: the Gateway
   * API version and the controllers it names (Traefik's ingress-nginx provider for SPL505).
   */
  static LintOptions optionsOf(Path example) throws IOException {
    Path file = example.resolveSibling(".spl.yaml");
    if (!Files.exists(file)) {
      file = example.getParent().resolveSibling(".spl.yaml"); // a build example: bad/bad.yaml
    }
    try {
      return LintOptions.defaults()
          .withVersion(versionOf(example))
          .withControllerVersions(dev.spl.config.SplConfig.load(file).controllers());
    } catch (dev.spl.config.SplConfig.Invalid e) {
      throw new AssertionError(file + ": " + e.getMessage(), e);
    }
  }

  @TestFactory
  Stream<DynamicTest> explainShowsTheSameFiles() {
    return BuiltInRules.all().stream()
        .map(
            rule ->
                DynamicTest.dynamicTest(
                    rule.info().id(),
                    () -> {
                      Path dir = EXAMPLES.resolve(RuleExamples.folder(rule.info()));
                      assertEquals(
                          Files.readString(dir.resolve(RuleExamples.badFile(rule.info()))),
                          RuleExamples.bad(rule.info()).orElseThrow());
                      assertEquals(
                          Files.readString(dir.resolve(RuleExamples.goodFile(rule.info()))),
                          RuleExamples.good(rule.info()).orElseThrow());
                    }));
  }
}
