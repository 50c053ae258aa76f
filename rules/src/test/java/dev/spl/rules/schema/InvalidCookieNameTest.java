package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InvalidCookieNameTest {

  @Test
  void spaceIsNotAToken() {
    assertOne(of("SPL022", backend("cookie: {name: \"a b\"}")), 11, 16, "has a space");
  }

  @Test
  void separatorsAreNamed() {
    assertOne(of("SPL022", backend("cookie: {name: \"a;b\"}")), 11, 16, "\"a;b\" has ';'");
  }

  @Test
  void controlAndNonAsciiCharactersAreNamed() {
    assertOne(
        of("SPL022", backend("cookie: {name: \"a\\tb\"}")), 11, 16, "has a control character");
    assertOne(
        of("SPL022", backend("cookie: {name: \"a\\x7fb\"}")), 11, 16, "has a control character");
    assertOne(of("SPL022", backend("cookie: {name: \"caf\u00e9\"}")), 11, 16, "has '\u00e9'");
  }

  @Test
  void emptyName() {
    assertOne(of("SPL022", backend("cookie: {name: \"\"}")), 11, 16, "is empty");
  }

  @Test
  void overTheLengthLimit() {
    assertOne(
        of("SPL022", backend("cookie: {name: " + "a".repeat(257) + "}")), 11, 16, "257 characters");
  }

  @Test
  void tokenCharactersPass() {
    assertTrue(of("SPL022", backend("cookie: {name: \"a!#$%&'*+-.^_`|~9\"}")).isEmpty());
    assertTrue(of("SPL022", backend("cookie: {name: " + "a".repeat(256) + "}")).isEmpty());
  }
}
