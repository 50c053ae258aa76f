package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookMetricsTest {

  @Test
  void labelsComeFromAFixedSetWhateverTheRequestsSay() {
    WebhookMetrics metrics = new WebhookMetrics();
    String big = "K".repeat(100_000);
    for (int i = 0; i < 20_000; i++) {
      metrics.recordReview(
          new AdmissionHandler.Outcome(
              null,
              "u",
              big + i + "\u0000",
              "OP" + i,
              "ns",
              "n",
              false,
              "skipped",
              List.of(),
              false),
          0.001);
    }
    metrics.recordReview(
        new AdmissionHandler.Outcome(
            null, "u", "HTTPRoute", "CREATE", "ns", "n", false, "allowed", List.of(), false),
        0.001);
    String text = metrics.scrape(ClusterState.NONE, 0);
    assertTrue(text.length() < 20_000, "the scrape grew to " + text.length() + " characters");
    assertTrue(text.contains("kind=\"other\",operation=\"other\""), text);
    assertTrue(text.contains("kind=\"HTTPRoute\",operation=\"CREATE\""), text);
    assertFalse(text.contains("\u0000"));
  }
}
