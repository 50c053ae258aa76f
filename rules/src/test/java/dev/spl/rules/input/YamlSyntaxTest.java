package dev.spl.rules.input;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.lint;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class YamlSyntaxTest {

  @Test
  void errorIsPositionedAndLaterDocumentsAreStillLinted() {
    String yaml =
        """
        apiVersion: v1
        kind: Service
        metadata: {name: a
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: b}
        spec: {sessionAffinity: Sticky}
        """;
    assertMarked(
        "SPL001",
        """
        apiVersion: v1
        kind: Service
        metadata: {name: a
        ---  # expect: SPL001 "YAML syntax error"
        apiVersion: v1
        kind: Service
        metadata: {name: b}
        spec: {sessionAffinity: Sticky}
        """);
    assertMarked(
        "SPL020",
        """
        apiVersion: v1
        kind: Service
        metadata: {name: a
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: b}
        spec: {sessionAffinity: Sticky}  # expect: SPL020 "Sticky"
        """);
  }

  @Test
  void aDuplicateKeyIsNoSyntaxError() {
    // kubectl reads it (the last value wins): SPL007's, a warning
    assertTrue(
        of("SPL001", "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n  name: b\n").isEmpty());
  }

  @Test
  void tabsInIndentation() {
    assertEquals(1, of("SPL001", "apiVersion: v1\nkind: Service\nmetadata:\n\tname: a\n").size());
  }

  @Test
  void validYamlHasNone() {
    assertEquals(0, lint("apiVersion: v1\nkind: Service\nmetadata: {name: a}\n").size());
  }
}
