package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * For tests that drive a real tool (openssl): skipped, saying why, where it is missing; under CI
 * ({@code CI} set) a missing tool fails the test instead, so CI cannot pass by skipping.
 */
final class ToolsNeeded {
  private ToolsNeeded() {}

  static void require(boolean present, String why) {
    if (System.getenv("CI") != null) {
      assertTrue(present, why + " (CI is set: a missing tool fails instead of skipping)");
    }
    assumeTrue(present, why);
  }
}
