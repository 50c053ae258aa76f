package dev.spl.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.RuleSelection;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Which schema errors keep the API server from evaluating a CRD's CEL rules, one violation kind at
 * a time: each object below breaks SPL010's CEL rule (a Permanent cookie without absoluteTimeout)
 * and one schema constraint. spl must report SPL010 exactly when the API server would evaluate it.
 */
class CelAfterSchemaErrorsTest {

  static Set<String> rules(String persistence) {
    return rules(persistence, GatewayApiVersion.V1_6);
  }

  static Set<String> rules(String persistence, GatewayApiVersion version) {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: ns}
        spec:
          rules:
          - backendRefs: [{name: a, port: 80}]
            sessionPersistence: %s
        """
            .formatted(persistence);
    Set<String> ids = new TreeSet<>();
    for (Finding f :
        new Engine()
            .lint(
                new ManifestLoader().loadText("r.yaml", yaml),
                new LintOptions(version, RuleSelection.all()))
            .findings()) {
      ids.add(f.ruleId());
    }
    return ids;
  }

  static final String PERMANENT = "cookieConfig: {lifetimeType: Permanent}";

  @Test
  void nothingElseWrong() {
    assertEquals(Set.of("SPL010"), without("SPL120", rules("{sessionName: s, " + PERMANENT + "}")));
  }

  @Test
  void aPatternErrorDoesNotStopCel() {
    // idleTimeout (v1.5) "1d" breaks the duration pattern; the rules still run
    assertEquals(
        Set.of("SPL010", "SPL021"),
        without(
            "SPL120",
            rules("{sessionName: s, idleTimeout: 1d, " + PERMANENT + "}", GatewayApiVersion.V1_5)));
  }

  @Test
  void anUnknownFieldDoesNotStopCel() {
    assertEquals(
        Set.of("SPL010", "SPL026"),
        without("SPL120", rules("{sessionName: s, colour: blue, " + PERMANENT + "}")));
  }

  @Test
  void anEnumErrorStopsCel() {
    assertEquals(
        Set.of("SPL020"),
        without("SPL120", rules("{sessionName: s, type: cookie, " + PERMANENT + "}")));
  }

  @Test
  void aWrongTypeStopsCel() {
    assertEquals(
        Set.of("SPL027"), without("SPL120", rules("{sessionName: 42, " + PERMANENT + "}")));
  }

  @Test
  void aTooLongValueStopsCel() {
    assertEquals(
        Set.of("SPL025"),
        without("SPL120", rules("{sessionName: " + "s".repeat(129) + ", " + PERMANENT + "}")));
  }

  private static Set<String> without(String id, Set<String> ids) {
    Set<String> out = new TreeSet<>(ids);
    out.remove(id);
    return out;
  }
}
