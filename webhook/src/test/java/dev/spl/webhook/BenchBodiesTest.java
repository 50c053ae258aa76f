package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The load bench's two bodies (bench/webhook/mix.lua) are what it says they are under the webhook's
 * default Gateway API version: one allowed, one denied. Otherwise it measures two denials and
 * reports them as a mix.
 */
class BenchBodiesTest {
  @Test
  void theAllowedBodyIsAllowedAndTheDeniedDenied() throws Exception {
    String lua = Files.readString(Path.of("..", "bench", "webhook", "mix.lua"));
    // the webhook's default, --gateway-api-version=latest
    AdmissionHandler handler =
        new AdmissionHandler(
            new dev.spl.Engine(),
            dev.spl.LintOptions.defaults()
                .withVersion(dev.spl.schema.GatewayApiVersion.parse("latest")),
            ClusterState.NONE,
            false);
    JsonNode allowed = AdmissionHandlerTest.response(handler, body(lua, "allowed"));
    assertTrue(allowed.get("allowed").asBoolean(), allowed.toString());
    assertEquals(null, allowed.get("warnings"), "allowed without a warning: " + allowed);
    JsonNode denied = AdmissionHandlerTest.response(handler, body(lua, "denied"));
    assertTrue(!denied.get("allowed").asBoolean(), denied.toString());
  }

  /** The body named {@code name} in mix.lua's text {@code lua}. */
  static String body(String lua, String name) {
    Matcher m = Pattern.compile("local " + name + " = \\[\\[(.*?)]]", Pattern.DOTALL).matcher(lua);
    assertTrue(m.find(), "mix.lua has no body " + name);
    return m.group(1);
  }
}
