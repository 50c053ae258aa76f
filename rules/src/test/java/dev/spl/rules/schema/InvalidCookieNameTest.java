package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InvalidCookieNameTest {

  @Test
  void spaceIsNotAToken() {
    assertMarked("SPL022", backend("cookie: {name: \"a b\"}  # expect: SPL022 \"has a space\""));
  }

  @Test
  void separatorsAreNamed() {
    assertMarked(
        "SPL022", backend("cookie: {name: \"a;b\"}  # expect: SPL022 \"\"a;b\" has ';'\""));
  }

  @Test
  void controlAndNonAsciiCharactersAreNamed() {
    assertMarked(
        "SPL022",
        backend("cookie: {name: \"a\\tb\"}  # expect: SPL022 \"has a control character\""));
    assertMarked(
        "SPL022",
        backend("cookie: {name: \"a\\x7fb\"}  # expect: SPL022 \"has a control character\""));
    assertMarked("SPL022", backend("cookie: {name: \"café\"}  # expect: SPL022 \"has 'é'\""));
  }

  @Test
  void emptyName() {
    assertMarked("SPL022", backend("cookie: {name: \"\"}  # expect: SPL022 \"is empty\""));
  }

  @Test
  void overTheLengthLimit() {
    assertMarked(
        "SPL022",
        backend("cookie: {name: " + "a".repeat(257) + "}  # expect: SPL022 \"257 characters\""));
  }

  @Test
  void tokenCharactersPass() {
    assertTrue(of("SPL022", backend("cookie: {name: \"a!#$%&'*+-.^_`|~9\"}")).isEmpty());
    assertTrue(of("SPL022", backend("cookie: {name: " + "a".repeat(256) + "}")).isEmpty());
  }
}
