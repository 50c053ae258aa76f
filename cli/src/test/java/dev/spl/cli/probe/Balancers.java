package dev.spl.cli.probe;

import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Starting and stopping a real balancer (HAProxy, nginx) for the probe's integration tests. */
final class Balancers {
  private Balancers() {}

  /** True when {@code command -v} runs: the balancer is installed. */
  static boolean installed(String command) {
    return ToolsNeeded.onPath(command, "-v");
  }

  /**
   * Starts {@code command}, its output to {@code log}, and waits until it listens on {@code port}.
   */
  static Process start(Path log, int port, String... command) throws Exception {
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return p;
      } catch (IOException notYet) {
        if (System.nanoTime() > deadline || !p.isAlive()) {
          throw new AssertionError(command[0] + " did not start: " + Files.readString(log));
        }
        Thread.sleep(50);
      }
    }
  }

  /** An in-test backend's answer, naming itself in X-Served-By. */
  static void answer(
      com.sun.net.httpserver.HttpExchange exchange, int status, String servedBy, String text)
      throws IOException {
    byte[] body = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("X-Served-By", servedBy);
    exchange.sendResponseHeaders(status, body.length);
    try (java.io.OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  static void stop(Process p) throws InterruptedException {
    if (p != null) {
      p.destroy();
      p.waitFor();
    }
  }
}
