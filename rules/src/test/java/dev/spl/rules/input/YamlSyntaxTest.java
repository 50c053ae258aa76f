package dev.spl.rules.input;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.lint;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
    assertOne(of("SPL001", yaml), 4, 1, "YAML syntax error");
    assertOne(of("SPL020", yaml), 8, 8, "Sticky");
  }

  @Test
  void duplicateKeysAreReportedWithBothPositions() {
    assertOne(
        of("SPL001", "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n  name: b\n"),
        5,
        3,
        "duplicate key \"name\" (first at 4:3)");
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
