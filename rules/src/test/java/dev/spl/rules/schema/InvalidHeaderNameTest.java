package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InvalidHeaderNameTest {

  @Test
  void nameIsRequired() {
    assertMarked(
        "SPL023",
        backend(
            """
        type: Header
        header: {}  # expect: SPL023 "header.name is required"
        """));
  }

  @Test
  void colonIsNotAToken() {
    assertMarked(
        "SPL023", backend("{type: Header, header: {name: \"X:Y\"}}  # expect: SPL023 \"has ':'\""));
  }

  @Test
  void validHeaderPasses() {
    assertTrue(of("SPL023", backend("{type: Header, header: {name: X-Session-Id}}")).isEmpty());
  }
}
