package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WrongTypeTest {

  @Test
  void integerDuration() {
    assertMarked(
        "SPL027",
        backend(
            "{absoluteTimeout: 3600, cookie: {name: s}}  # expect: SPL027 \"quote it: \"3600\"\""));
  }

  @Test
  void yamlBooleansAreBooleans() {
    // go-yaml v2 reads an unquoted "on" as true, as the API server does.
    assertMarked(
        "SPL027",
        backend("cookie: {name: on}  # expect: SPL027 \"must be a string, not boolean\""));
  }

  @Test
  void stringWhereAnObjectBelongs() {
    assertMarked(
        "SPL027",
        backend("cookie: session  # expect: SPL027 \"cookie must be an object, not string\""));
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
