package dev.spl.rules.cookie;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CookiePrefixViolationTest {

  @Test
  void hostPrefixNeedsRootPath() {
    assertMarked(
        "SPL132",
        backend("cookie:\n  name: __Host-s\n  path: /app  # expect: SPL132 \"needs path \"/\"\""));
  }

  @Test
  void hostPrefixWithDefaultPathPasses() {
    assertTrue(of("SPL132", backend("cookie: {name: __Host-s}")).isEmpty());
    assertTrue(of("SPL132", backend("cookie: {name: __Host-s, path: /}")).isEmpty());
  }

  @Test
  void securePrefixAllowsAnyPath() {
    assertTrue(of("SPL132", backend("cookie: {name: __Secure-s, path: /app}")).isEmpty());
  }
}
