package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class SessionNameTooLongTest {

  @Test
  void over128OnV1() {
    assertMarked(
        "SPL025",
        route(
            "sessionName: "
                + "s".repeat(129)
                + "  # expect: SPL025 \"129 characters, over the 128\""),
        GatewayApiVersion.V1_2);
  }

  @Test
  void exactly128Passes() {
    assertTrue(
        of("SPL025", route("sessionName: " + "s".repeat(128)), GatewayApiVersion.V1_6).isEmpty());
  }

  @Test
  void latestHasNoSessionName() {
    assertTrue(of("SPL025", route("sessionName: " + "s".repeat(129))).isEmpty());
  }
}
