package dev.spl.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition a test cannot be told of (a cache synced, a port open), up to a limit. */
public final class Await {
  private Await() {}

  /** Polls {@code condition} every 50 ms until it holds; fails naming {@code what} after limit. */
  public static void until(String what, Duration limit, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("waited " + limit.toSeconds() + " s for " + what);
      }
      Thread.sleep(50);
    }
  }
}
