package dev.spl.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * For tests that drive a real tool (haproxy, nginx, openssl, helm, pre-commit, git): skipped,
 * saying why, where it is missing, so a laptop build passes without them; under CI ({@code CI} set)
 * a missing tool fails the test instead, so CI cannot pass by skipping.
 */
public final class ToolsNeeded {
  private ToolsNeeded() {}

  public static void require(boolean present, String why) {
    if (System.getenv("CI") != null) {
      assertTrue(present, why + " (CI is set: a missing tool fails instead of skipping)");
    }
    assumeTrue(present, why);
  }

  /** Requires {@code tool} on the PATH: it must answer {@code tool --version} with status 0. */
  public static void requireOnPath(String tool) {
    require(onPath(tool, "--version"), tool + " is not installed");
  }

  /** True when {@code tool args...} runs and exits with status 0 within 30 seconds. */
  public static boolean onPath(String tool, String... args) {
    List<String> command = new ArrayList<>(List.of(tool));
    command.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
