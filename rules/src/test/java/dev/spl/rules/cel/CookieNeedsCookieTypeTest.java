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

class CookieNeedsCookieTypeTest {

  @Test
  void cookieWithHeaderTypeOnLatest() {
    assertMarked(
        "SPL011",
        markedBackend(
            "# expect: SPL011 \"cookie must be nil if type is not Cookie\"",
            """
            type: Header
            header: {name: X-S}
            cookie: {name: s}
            """));
  }

  @Test
  void cookieConfigWithHeaderTypeFromV15() {
    String sp = "{type: Header, sessionName: s, cookieConfig: {lifetimeType: Session}}";
    assertMarked(
        "SPL011",
        markedRoute(
            "# expect: SPL011 \"cookieConfig can only be set with type Cookie\"",
            "{type: Header, sessionName: s, cookieConfig: {lifetimeType: Session}}"),
        GatewayApiVersion.V1_5);
    assertMarked(
        "SPL011",
        markedRoute(
            "# expect: SPL011 \"cookieConfig can only be set with type Cookie\"",
            "{type: Header, sessionName: s, cookieConfig: {lifetimeType: Session}}"),
        GatewayApiVersion.V1_6);
  }

  @Test
  void olderVersionsDidNotHaveTheRule() {
    String sp = "{type: Header, sessionName: s, cookieConfig: {lifetimeType: Session}}";
    assertTrue(of("SPL011", route(sp), GatewayApiVersion.V1_4).isEmpty());
    assertTrue(of("SPL011", route(sp), GatewayApiVersion.V1_2).isEmpty());
  }

  @Test
  void cookieWithDefaultTypePasses() {
    assertTrue(of("SPL011", backend("cookie: {name: s}")).isEmpty());
    assertTrue(
        of("SPL011", route("{sessionName: s, cookieConfig: {}}"), GatewayApiVersion.V1_6)
            .isEmpty());
  }
}
