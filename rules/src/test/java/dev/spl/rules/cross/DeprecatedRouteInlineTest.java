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
  void inlineOnLatest() {
    assertMarked("SPL120", markedRoute("# expect: SPL120 \"deprecated\"", "cookie: {name: s}"));
  }

  @Test
  void notDeprecatedInReleases() {
    assertTrue(of("SPL120", route("sessionName: s"), GatewayApiVersion.V1_6).isEmpty());
  }
}
