package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefusalsTest {
  @Test
  void countedEachAndLoggedOnceASecondPerStatus() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WebhookMetrics metrics = new WebhookMetrics();
    long[] now = {0};
    Refusals refusals =
        new Refusals(
            metrics, new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8)), () -> now[0]);
    for (int i = 0; i < 50; i++) {
      refusals.report(new WholeBodyHandler.Refusal(408, "body too slow"));
    }
    refusals.report(new WholeBodyHandler.Refusal(429, "over the client's share"));
    now[0] += Refusals.LOG_EVERY_NANOS;
    refusals.report(new WholeBodyHandler.Refusal(408, "body too slow"));
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(3, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("request refused: 408") && lines.get(0).contains(":1}"));
    assertTrue(lines.get(1).contains("request refused: 429"), lines.get(1));
    assertTrue(lines.get(2).contains("\"refusedSinceLastLine\":50"), lines.get(2));
    String scrape = metrics.scrape(ClusterState.NONE, 0);
    assertTrue(scrape.contains("spl_requests_refused_total{status=\"408\"} 51.0"), scrape);
    assertTrue(scrape.contains("spl_requests_refused_total{status=\"429\"} 1.0"), scrape);
  }
}
