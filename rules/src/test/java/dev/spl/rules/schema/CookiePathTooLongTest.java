package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CookiePathTooLongTest {

  @Test
  void over1024() {
    assertMarked(
        "SPL024",
        backend(
            "cookie: {name: s, path: /"
                + "p".repeat(1024)
                + "}  # expect: SPL024 \"1025 characters, over the 1024 limit\""));
  }

  @Test
  void exactly1024Passes() {
    assertTrue(
        of("SPL024", backend("cookie: {name: s, path: /" + "p".repeat(1023) + "}")).isEmpty());
  }
}
