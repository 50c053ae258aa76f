package dev.spl.rules.cel;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class CookieNeedsCookieTypeTest {

  @Test
  void cookieWithHeaderTypeOnLatest() {
    assertOne(
        of(
            "SPL011",
            backend(
                """
        type: Header
        header: {name: X-S}
        cookie: {name: s}
        """)),
        10,
        5,
        "cookie must be nil if type is not Cookie");
  }

  @Test
  void cookieConfigWithHeaderTypeFromV15() {
    String sp = "{type: Header, sessionName: s, cookieConfig: {lifetimeType: Session}}";
    assertOne(
        of("SPL011", route(sp), GatewayApiVersion.V1_5),
        9,
        5,
        "cookieConfig can only be set with type Cookie");
    assertOne(
        of("SPL011", route(sp), GatewayApiVersion.V1_6),
        9,
        5,
        "cookieConfig can only be set with type Cookie");
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
