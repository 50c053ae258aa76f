package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.markedRoute;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class DeprecatedRouteInlineTest {

  @Test
  void inlineUnderTheBackendProposal() {
    assertMarked(
        "SPL120",
        markedRoute("# expect: SPL120 \"deprecated in gep-1619-backend\"", "cookie: {name: s}"),
        GatewayApiVersion.GEP_1619_BACKEND);
  }

  @Test
  void notDeprecatedInReleasesNorUpstreamMain() {
    assertTrue(of("SPL120", route("sessionName: s"), GatewayApiVersion.V1_6).isEmpty());
    assertTrue(of("SPL120", route("cookie: {name: s}"), GatewayApiVersion.MAIN).isEmpty());
  }
}
