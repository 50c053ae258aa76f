package dev.spl.rules.cross;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class DeprecatedRouteInlineTest {

  @Test
  void inlineOnLatest() {
    assertOne(of("SPL120", route("cookie: {name: s}")), 9, 5, "deprecated");
  }

  @Test
  void notDeprecatedInReleases() {
    assertTrue(of("SPL120", route("sessionName: s"), GatewayApiVersion.V1_6).isEmpty());
  }
}
