package dev.spl.webhook;

import java.util.HashMap;
import java.util.Map;

/**
 * Requests answered without being handled (a body too slow or too large, no memory for it, a client
 * over its share): each counted by status, and logged at most once a second per status with how
 * many there were since the last line, so an attack shows in the log without flooding it.
 */
final class Refusals {
  static final long LOG_EVERY_NANOS = 1_000_000_000L;

  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final java.util.function.LongSupplier clock;
  private final Map<Integer, long[]> byStatus = new HashMap<>(); // {refused since, logged at}

  Refusals(WebhookMetrics metrics, JsonLog log) {
    this(metrics, log, System::nanoTime);
  }

  Refusals(WebhookMetrics metrics, JsonLog log, java.util.function.LongSupplier clock) {
    this.metrics = metrics;
    this.log = log;
    this.clock = clock;
  }

  void report(WholeBodyHandler.Refusal r) {
    metrics.recordRefused(r.status());
    if (r.status() == 503) {
      metrics.recordRefusedForMemory();
    }
    long since;
    synchronized (byStatus) {
      long now = clock.getAsLong();
      long[] state = byStatus.get(r.status());
      if (state == null) {
        state = new long[] {0, now - LOG_EVERY_NANOS};
        byStatus.put(r.status(), state);
      }
      state[0]++;
      if (now - state[1] < LOG_EVERY_NANOS) {
        return;
      }
      since = state[0];
      state[0] = 0;
      state[1] = now;
    }
    log.warn(
        r.status() == WholeBodyHandler.Refusal.CONNECTION
            ? "connection refused"
            : "request refused: " + r.status(),
        "reason",
        r.why(),
        "refusedSinceLastLine",
        since);
  }
}
