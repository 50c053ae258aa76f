package dev.spl.rules.input;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NotAResourceTest {

  @Test
  void scalarDocument() {
    assertOne(of("SPL002", "just a string\n"), 1, 1, "string scalar, not an object");
  }

  @Test
  void listDocument() {
    assertOne(of("SPL002", "- a\n- b\n"), 1, 1, "an array");
  }

  @Test
  void missingFieldsAreNamed() {
    assertOne(
        of("SPL002", "kind: Service\nmetadata: {}\n"),
        1,
        1,
        "apiVersion, metadata.name are missing");
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
    assertOne(of("SPL002", list), 7, 3, "apiVersion is missing");
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
