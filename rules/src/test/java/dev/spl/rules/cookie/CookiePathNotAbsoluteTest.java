package dev.spl.rules.cookie;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CookiePathNotAbsoluteTest {

  @Test
  void relativePath() {
    assertMarked(
        "SPL131", backend("cookie:\n  name: s\n  path: cart  # expect: SPL131 \"use \"/cart\"\""));
  }

  @Test
  void absoluteAndDefaultPathsPass() {
    assertTrue(of("SPL131", backend("cookie: {name: s, path: /cart}")).isEmpty());
    assertTrue(of("SPL131", backend("cookie: {name: s}")).isEmpty());
  }
}
