package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InvalidHeaderNameTest {

  @Test
  void nameIsRequired() {
    assertOne(
        of(
            "SPL023",
            backend(
                """
        type: Header
        header: {}
        """)),
        12,
        7,
        "header.name is required");
  }

  @Test
  void colonIsNotAToken() {
    assertOne(of("SPL023", backend("{type: Header, header: {name: \"X:Y\"}}")), 11, 31, "has ':'");
  }

  @Test
  void validHeaderPasses() {
    assertTrue(of("SPL023", backend("{type: Header, header: {name: X-Session-Id}}")).isEmpty());
  }
}
