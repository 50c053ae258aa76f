package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * For tests that drive a real tool (pre-commit, HAProxy, git): on a developer's machine without it
 * the test is skipped and says why; under CI ({@code CI} set, as .ci/run and every CI service set
 * it) a missing tool fails the test, so CI cannot pass by skipping.
 */
public final class ToolsNeeded {
  private ToolsNeeded() {}

  public static void require(boolean present, String why) {
    if (System.getenv("CI") != null) {
      assertTrue(present, why + " (CI is set: a missing tool fails instead of skipping)");
    }
    assumeTrue(present, why);
  }
}
