package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WrongTypeTest {

  @Test
  void integerDuration() {
    assertOne(
        of("SPL027", backend("{absoluteTimeout: 3600, cookie: {name: s}}")),
        11,
        8,
        "quote it: \"3600\"");
  }

  @Test
  void yamlBooleansAreBooleans() {
    // go-yaml v2 reads an unquoted "on" as true, as the API server does.
    assertOne(of("SPL027", backend("cookie: {name: on}")), 11, 16, "must be a string, not boolean");
  }

  @Test
  void stringWhereAnObjectBelongs() {
    assertOne(
        of("SPL027", backend("cookie: session")), 11, 7, "cookie must be an object, not string");
  }

  @Test
  void aWrongTypeStopsCel() {
    // cookie is not an object, so "cookie must be specified" (SPL012) is not evaluated.
    assertTrue(of("SPL012", backend("cookie: session")).isEmpty());
  }

  @Test
  void quotedValuesPass() {
    assertTrue(
        of("SPL027", backend("{absoluteTimeout: \"3600s\", cookie: {name: \"on\"}}")).isEmpty());
  }
}
