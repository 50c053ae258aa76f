package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class InvalidEnumTest {

  @Test
  void typeIsCaseSensitive() {
    assertOne(
        of("SPL020", backend("{type: cookie, cookie: {name: s}}")),
        11,
        8,
        "(values are case-sensitive)");
  }

  @Test
  void lifetimeTypeOutsideEnum() {
    assertOne(
        of(
            "SPL020",
            backend(
                """
        cookie:
          name: s
          lifetimeType: Forever
        """)),
        13,
        9,
        "cookie.lifetimeType \"Forever\" is not supported; use Permanent or Session");
  }

  @Test
  void cookieConfigLifetimeTypeOnV1() {
    assertOne(
        of("SPL020", route("{cookieConfig: {lifetimeType: Perm}}"), GatewayApiVersion.V1_4),
        10,
        23,
        "cookieConfig.lifetimeType");
  }

  @Test
  void serviceSessionAffinity() {
    assertOne(
        of(
            "SPL020",
            """
        apiVersion: v1
        kind: Service
        metadata: {name: s}
        spec:
          sessionAffinity: clientip
        """),
        5,
        3,
        "use None or ClientIP (values are case-sensitive)");
  }

  @Test
  void validValuesPass() {
    assertTrue(of("SPL020", backend("{type: Header, header: {name: X}}")).isEmpty());
    assertTrue(
        of(
                "SPL020",
                "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {sessionAffinity: ClientIP}\n")
            .isEmpty());
  }
}
