package dev.spl.rules.input;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NotAResourceTest {

  @Test
  void scalarDocument() {
    assertMarked("SPL002", "just a string  # expect: SPL002 \"string scalar, not an object\"\n");
  }

  @Test
  void listDocument() {
    assertMarked("SPL002", "- a  # expect: SPL002 \"an array\"\n- b\n");
  }

  @Test
  void missingFieldsAreNamed() {
    assertMarked(
        "SPL002",
        "kind: Service  # expect: SPL002 \"apiVersion, metadata.name are missing\"\nmetadata: {}\n");
  }

  @Test
  void listItemsAreCheckedOneByOne() {
    String list =
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Service
          metadata: {name: a}
        - kind: Service
          metadata: {name: b}
        """;
    assertMarked(
        "SPL002",
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Service
          metadata: {name: a}
        - kind: Service  # expect: SPL002 "apiVersion is missing"
          metadata: {name: b}
        """);
  }

  @Test
  void generateNameCountsAsAName() {
    assertTrue(
        of("SPL002", "apiVersion: v1\nkind: Service\nmetadata: {generateName: a-}\n").isEmpty());
  }

  @Test
  void emptyDocumentsAreNotResources() {
    assertTrue(of("SPL002", "---\n# only a comment\n---\n").isEmpty());
  }
}
