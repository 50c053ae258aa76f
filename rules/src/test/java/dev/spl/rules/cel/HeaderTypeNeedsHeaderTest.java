package dev.spl.rules.cel;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeaderTypeNeedsHeaderTest {

  @Test
  void headerTypeWithoutHeader() {
    assertOne(
        of("SPL014", backend("type: Header")), 10, 5, "header must be specified for Header type");
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
