package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.rules.Rule;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;

/**
 * Test fixture: lint inline YAML and assert on the findings of one rule. Unless a test names a
 * version, it lints as the gep-1619-backend proposal: main's shape with every attachment point, so
 * a test of a schema rule can write its object on a Backend.
 */
public final class Lint {
  private Lint() {}

  /** The version a test lints as when it names none. */
  public static final GatewayApiVersion DEFAULT = GatewayApiVersion.GEP_1619_BACKEND;

  /**
   * Options for Ingresses served by Traefik's ingress-nginx provider of {@code release}, as a
   * .spl.yaml {@code controllers: {traefik-ingress-nginx: RELEASE}} says.
   */
  public static LintOptions servedByTraefik(String release) {
    return LintOptions.defaults()
        .withVersion(GatewayApiVersion.V1_6)
        .withControllerVersions(
            dev.spl.index.ControllerVersions.configured(
                java.util.Map.of(
                    dev.spl.index.ControllerVersions.TRAEFIK_INGRESS_NGINX,
                    dev.spl.index.ControllerVersions.parse(release, ".spl.yaml").orElseThrow())));
  }

  public static List<Finding> lint(String yaml) {
    return lint(yaml, DEFAULT);
  }

  public static List<Finding> lint(String yaml, GatewayApiVersion version) {
    return new Engine()
        .lint(
            new ManifestLoader().loadText("test.yaml", yaml),
            LintOptions.defaults().withVersion(version))
        .findings();
  }

  /**
   * The findings of {@code ruleId}, linted by that rule alone: a rule's findings do not depend on
   * the others (the examples and {@code assertOnlyMarked} lint with all of them), and a test that
   * runs one rule is the only test a mutation of another rule's code runs.
   */
  public static List<Finding> of(String ruleId, String yaml, GatewayApiVersion version) {
    List<Rule> rule =
        BuiltInRules.all().stream().filter(r -> r.info().id().equals(ruleId)).toList();
    assertEquals(1, rule.size(), () -> "no built-in rule " + ruleId);
    return new Engine(rule)
            .lint(
                new ManifestLoader().loadText("test.yaml", yaml),
                LintOptions.defaults().withVersion(version))
            .findings()
            .stream()
            .filter(f -> f.ruleId().equals(ruleId))
            .toList();
  }

  /** {@link #of(String, String, GatewayApiVersion)}, with {@code options} as they are. */
  public static List<Finding> of(String ruleId, String yaml, LintOptions options) {
    List<Rule> rule =
        BuiltInRules.all().stream().filter(r -> r.info().id().equals(ruleId)).toList();
    return new Engine(rule)
        .lint(new ManifestLoader().loadText("test.yaml", yaml), options).findings().stream()
            .filter(f -> f.ruleId().equals(ruleId))
            .toList();
  }

  public static List<Finding> of(String ruleId, String yaml) {
    return of(ruleId, yaml, DEFAULT);
  }

  /**
   * Lints {@code yaml} and asserts that {@code ruleId}'s findings are exactly those its {@code #
   * expect:} markers name ({@link ExpectMarkers}); returns them.
   */
  public static List<Finding> assertMarked(String ruleId, String yaml, GatewayApiVersion version) {
    ExpectMarkers markers = ExpectMarkers.in(yaml);
    assertTrue(
        markers.names(ruleId), () -> "the input marks no line with " + ruleId + ":\n" + yaml);
    List<Finding> findings = of(ruleId, yaml, version);
    markers.assertMatches("test input", findings);
    return findings;
  }

  /**
   * Lints {@code yaml} with every rule and asserts that the findings are exactly those its {@code #
   * expect:} markers name, whatever their rule; returns them.
   */
  public static List<Finding> assertOnlyMarked(String yaml, GatewayApiVersion version) {
    List<Finding> findings = lint(yaml, version);
    ExpectMarkers.in(yaml).assertMatches("test input", findings);
    return findings;
  }

  public static List<Finding> assertMarked(String ruleId, String yaml) {
    return assertMarked(ruleId, yaml, DEFAULT);
  }

  /** A Backend (latest attachment point) whose endpointSelector carries {@code persistence}. */
  public static String backend(String persistence) {
    return """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata:
          name: cart
          namespace: shop
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: cart}}
            sessionPersistence:
        """
        + indent(persistence, 6);
  }

  /**
   * {@link #backend} whose "sessionPersistence:" line ends with {@code marker}, a {@code # expect:}
   * marker for a finding about the whole object.
   */
  public static String markedBackend(String marker, String persistence) {
    return backend(persistence)
        .replace("    sessionPersistence:\n", "    sessionPersistence:  " + marker + "\n");
  }

  /**
   * {@link #route} whose "sessionPersistence:" line ends with {@code marker}, a {@code # expect:}
   * marker for a finding about the whole object.
   */
  public static String markedRoute(String marker, String persistence) {
    return route(persistence)
        .replace("    sessionPersistence:\n", "    sessionPersistence:  " + marker + "\n");
  }

  /**
   * An HTTPRoute whose first rule carries {@code persistence} (line 9 is "sessionPersistence:").
   */
  public static String route(String persistence) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: cart
          namespace: shop
        spec:
          rules:
          - backendRefs: [{name: cart}]
            sessionPersistence:
        """
        + indent(persistence, 6);
  }

  private static String indent(String block, int spaces) {
    String pad = " ".repeat(spaces);
    StringBuilder out = new StringBuilder();
    for (String line : block.strip().split("\n")) {
      out.append(pad).append(line).append('\n');
    }
    return out.toString();
  }
}
