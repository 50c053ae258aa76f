package dev.spl.rules.cel;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.markedBackend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeaderTypeNeedsHeaderTest {

  @Test
  void headerTypeWithoutHeader() {
    assertMarked(
        "SPL014",
        markedBackend(
            "# expect: SPL014 \"header must be specified for Header type\"", "type: Header"));
  }

  @Test
  void headerTypeWithHeaderPasses() {
    assertTrue(of("SPL014", backend("{type: Header, header: {name: X-Session}}")).isEmpty());
  }

  @Test
  void cookieTypeIsNotThisRulesBusiness() {
    assertTrue(of("SPL014", backend("type: Cookie")).isEmpty());
  }
}
