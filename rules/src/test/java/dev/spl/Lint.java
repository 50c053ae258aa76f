package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;

/** Test fixture: lint inline YAML and assert on the findings of one rule. */
public final class Lint {
  private Lint() {}

  public static List<Finding> lint(String yaml) {
    return lint(yaml, GatewayApiVersion.MAIN);
  }

  public static List<Finding> lint(String yaml, GatewayApiVersion version) {
    return new Engine()
        .lint(
            new ManifestLoader().loadText("test.yaml", yaml),
            LintOptions.defaults().withVersion(version))
        .findings();
  }

  /** The findings of {@code ruleId} only. */
  public static List<Finding> of(String ruleId, String yaml, GatewayApiVersion version) {
    return lint(yaml, version).stream().filter(f -> f.ruleId().equals(ruleId)).toList();
  }

  public static List<Finding> of(String ruleId, String yaml) {
    return of(ruleId, yaml, GatewayApiVersion.MAIN);
  }

  /** Asserts exactly one finding, at line:column, whose message contains {@code fragment}. */
  public static Finding assertOne(List<Finding> findings, int line, int column, String fragment) {
    assertEquals(1, findings.size(), () -> "expected one finding, got " + findings);
    Finding f = findings.get(0);
    assertEquals(
        line + ":" + column, f.position().line() + ":" + f.position().column(), f::toString);
    assertTrue(
        f.message().contains(fragment),
        () -> "message '" + f.message() + "' lacks '" + fragment + "'");
    return f;
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
