package dev.spl.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The bad and good example of each rule, from {@code examples/<id>-<name>/}. They ship inside the
 * engine jar, and the golden test lints the same files, so what {@code spl explain} shows is what
 * the rule does.
 */
public final class RuleExamples {
  private RuleExamples() {}

  /** The folder name of a rule's examples, e.g. {@code SPL010-permanent-needs-absolute-timeout}. */
  public static String folder(RuleInfo rule) {
    return rule.id() + "-" + rule.name();
  }

  /** The bad example: {@code bad.yaml}, or for a rule about charts its chart's template. */
  public static Optional<String> bad(RuleInfo rule) {
    return read(rule, badFile(rule));
  }

  public static Optional<String> good(RuleInfo rule) {
    return read(rule, goodFile(rule));
  }

  /** Where in its folder the bad example is. */
  public static String badFile(RuleInfo rule) {
    return areCharts(rule) ? CHART_BAD : areBuilds(rule) ? BUILD_BAD : "bad.yaml";
  }

  /** Where in its folder the good example is. */
  public static String goodFile(RuleInfo rule) {
    return areCharts(rule) ? CHART_GOOD : areBuilds(rule) ? BUILD_GOOD : "good.yaml";
  }

  /**
   * True when the rule's examples are built by the CLI before they are linted (Helm charts,
   * kustomize builds), so only {@code spl lint examples/} fires the rule on them.
   */
  public static boolean needTheCli(RuleInfo rule) {
    return areCharts(rule) || areBuilds(rule);
  }

  /**
   * True when the rule's examples are kustomize builds ({@code bad/} and {@code good/}, each a
   * kustomization and one manifest), for a rule about what a build does to its objects.
   */
  public static boolean areBuilds(RuleInfo rule) {
    return read(rule, "bad/kustomization.yaml").isPresent();
  }

  /**
   * True when the rule's examples are Helm charts ({@code bad/} and {@code good/}, one template
   * each), for a rule only the CLI's chart rendering can fire: they are linted by {@code spl lint
   * examples/}, not by the engine alone.
   */
  public static boolean areCharts(RuleInfo rule) {
    return read(rule, "bad/Chart.yaml").isPresent();
  }

  private static final String CHART_BAD = "bad/templates/bad.yaml";
  private static final String CHART_GOOD = "good/templates/good.yaml";
  private static final String BUILD_BAD = "bad/bad.yaml";
  private static final String BUILD_GOOD = "good/good.yaml";

  /** The examples' {@code .spl.yaml}: the Gateway API version they are written for. */
  public static Optional<String> config(RuleInfo rule) {
    return read(rule, ".spl.yaml");
  }

  private static Optional<String> read(RuleInfo rule, String file) {
    String resource = "/examples/" + folder(rule) + "/" + file;
    try (InputStream in = RuleExamples.class.getResourceAsStream(resource)) {
      return in == null
          ? Optional.empty()
          : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
