package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class InvalidEnumTest {

  @Test
  void typeIsCaseSensitive() {
    assertMarked(
        "SPL020",
        backend(
            "{type: cookie, cookie: {name: s}}  # expect: SPL020 \"(values are case-sensitive)\""));
  }

  @Test
  void lifetimeTypeOutsideEnum() {
    assertMarked(
        "SPL020",
        backend(
            """
        cookie:
          name: s
          lifetimeType: Forever  # expect: SPL020 "cookie.lifetimeType "Forever" is not supported; use Permanent or Session"
        """));
  }

  @Test
  void cookieConfigLifetimeTypeOnV1() {
    assertMarked(
        "SPL020",
        route(
            "{cookieConfig: {lifetimeType: Perm}}  # expect: SPL020 \"cookieConfig.lifetimeType\""),
        GatewayApiVersion.V1_4);
  }

  @Test
  void serviceSessionAffinity() {
    assertMarked(
        "SPL020",
        """
        apiVersion: v1
        kind: Service
        metadata: {name: s}
        spec:
          sessionAffinity: clientip  # expect: SPL020 "use None or ClientIP (values are case-sensitive)"
        """);
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
