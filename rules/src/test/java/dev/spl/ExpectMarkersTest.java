package dev.spl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The markers tests are written with must hold findings to what they say, and nothing less. */
class ExpectMarkersTest {
  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: r, namespace: shop}
      spec:
        rules:
        - backendRefs: [{name: a}]
          sessionPersistence: {sessionName: s}
        - backendRefs: [{name: b}]
          sessionPersistence: {sessionName: s}%s
      """;

  static List<Finding> lint(String yaml) {
    return Lint.of("SPL102", yaml, dev.spl.schema.GatewayApiVersion.V1_6);
  }

  @Test
  void aFragmentMayHoldQuotes() {
    String yaml = ROUTE.formatted("  # expect: SPL102 \"session name \"s\" is also used\"");
    ExpectMarkers.in(yaml).assertMatches("t", lint(yaml));
    String wrong = ROUTE.formatted("  # expect: SPL102 \"session name \"x\" is also used\"");
    assertThrows(
        AssertionFailedError.class, () -> ExpectMarkers.in(wrong).assertMatches("t", lint(wrong)));
  }

  @Test
  void aFindingOnAnUnmarkedLineOrAMarkWithoutFindingFails() {
    String unmarked = ROUTE.formatted("");
    assertFalse(ExpectMarkers.in(unmarked).names("SPL102"));
    assertThrows(
        AssertionFailedError.class,
        () -> ExpectMarkers.in(unmarked).assertMatches("t", lint(unmarked)));
    String elsewhere = ROUTE.formatted("").replace("{name: a}]", "{name: a}]  # expect: SPL102");
    assertTrue(ExpectMarkers.in(elsewhere).names("SPL102"));
    assertThrows(
        AssertionFailedError.class,
        () -> ExpectMarkers.in(elsewhere).assertMatches("t", lint(elsewhere)));
  }

  @Test
  void aMarkerThatSaysMoreThanAFragmentIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> ExpectMarkers.in("a: b  # expect: SPL102 also used by rule 0\n"));
  }
}
