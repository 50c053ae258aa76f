package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class LibraryLogTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream();

  @AfterEach
  void restore() throws Exception {
    LogManager.getLogManager().readConfiguration();
  }

  List<JsonNode> lines() {
    JsonMapper json = JsonMapper.builder().build();
    return out.toString(StandardCharsets.UTF_8).lines().map(json::readTree).toList();
  }

  @Test
  void fabric8sInfoAndOthersWarningsBecomeJsonLines() {
    LibraryLog.install(new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8)));
    Logger watch =
        Logger.getLogger("io.fabric8.kubernetes.client.dsl.internal.AbstractWatchManager");
    watch.log(Level.INFO, "Watch connection error received {0} times\nwill reconnect", 3);
    watch.fine("a debug line of fabric8");
    Logger.getLogger("org.eclipse.jetty.server.Server").info("Started Server");
    Logger.getLogger("org.eclipse.jetty.server.Server")
        .log(Level.SEVERE, "failed", new IllegalStateException("port in use"));
    List<JsonNode> lines = lines();
    assertEquals(2, lines.size(), out.toString(StandardCharsets.UTF_8));
    assertEquals("info", lines.get(0).get("level").asString());
    assertEquals(
        "Watch connection error received 3 times will reconnect",
        lines.get(0).get("msg").asString());
    assertTrue(lines.get(0).get("logger").asString().startsWith("io.fabric8."));
    assertEquals("error", lines.get(1).get("level").asString());
    assertTrue(lines.get(1).get("error").asString().contains("port in use"));
  }

  @Test
  void aBraceThatIsNoPlaceholderIsKept() {
    LibraryLog.install(new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8)));
    Logger.getLogger("io.fabric8.x").log(Level.WARNING, "body {not json", new Object[] {1});
    assertEquals("body {not json", lines().get(0).get("msg").asString());
  }
}
