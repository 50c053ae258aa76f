package dev.spl.rules.cel;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.markedBackend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeaderNeedsHeaderTypeTest {

  @Test
  void headerWithDefaultCookieType() {
    assertMarked(
        "SPL013",
        markedBackend(
            "# expect: SPL013 \"header must be nil if type is not Header\"",
            "{cookie: {name: s}, header: {name: X-S}}"));
  }

  @Test
  void headerWithHeaderTypePasses() {
    assertTrue(of("SPL013", backend("{type: Header, header: {name: X-S}}")).isEmpty());
  }

  @Test
  void aMissingRequiredHeaderNameStopsCel() {
    // header: {} misses the required name: a schema error, so the API server runs no CEL rule.
    assertTrue(of("SPL013", backend("{cookie: {name: s}, header: {}}")).isEmpty());
  }
}
