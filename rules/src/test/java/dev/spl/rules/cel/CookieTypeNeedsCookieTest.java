package dev.spl.rules.cel;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.markedBackend;
import static dev.spl.Lint.markedRoute;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class CookieTypeNeedsCookieTest {

  @Test
  void defaultTypeIsCookieSoAnEmptyObjectFails() {
    assertMarked(
        "SPL012",
        markedBackend("# expect: SPL012 \"cookie must be specified for Cookie type\"", "{}"));
  }

  @Test
  void explicitCookieTypeWithoutCookie() {
    assertMarked(
        "SPL012",
        markedRoute("# expect: SPL012 \"add cookie\"", "{type: Cookie, absoluteTimeout: 1h}"));
  }

  @Test
  void v1FieldsNextToMainOnesArePrunedAndTheCelRuleFails() {
    // A mix of shapes is checked field by field: sessionName is pruned, leaving no cookie.
    assertMarked(
        "SPL012",
        markedRoute(
            "# expect: SPL012 \"cookie\"", "{sessionName: s, header: {name: X-S}, type: Cookie}"));
  }

  @Test
  void anObjectWhollyInTheV1ShapeIsLeftToSpl026() {
    assertTrue(
        of("SPL012", route("{sessionName: s, cookieConfig: {lifetimeType: Session}}")).isEmpty());
  }

  @Test
  void passesWithCookieOrHeaderType() {
    assertTrue(of("SPL012", backend("cookie: {}")).isEmpty());
    assertTrue(of("SPL012", backend("{type: Header, header: {name: X}}")).isEmpty());
  }

  @Test
  void notAnErrorBeforeLatest() {
    assertTrue(of("SPL012", route("{type: Cookie}"), GatewayApiVersion.V1_6).isEmpty());
  }
}
