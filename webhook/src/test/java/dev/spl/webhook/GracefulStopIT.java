package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged webhook as a process, under a steady stream of reviews, gets SIGTERM: /readyz turns
 * 503 first while reviews are still answered, then the port closes, and no review that reached the
 * server goes unanswered (a refused connection after the close, or one reset in its TLS handshake
 * because the listener closed while it was queued, is what the API server sees once the endpoints
 * have dropped the pod).
 */
class GracefulStopIT {
  @TempDir Path dir;

  @Test
  void sigtermUnderLoadLosesNoAnswer() throws Exception {
    Path jar = Path.of("target", "spl-webhook.jar");
    assertTrue(Files.isRegularFile(jar), "mvn package makes " + jar);
    var cert =
        TestCertificates.write(dir.resolve("tls.crt"), dir.resolve("tls.key"), "localhost", false);
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process webhook =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                jar.toString(),
                "--host=127.0.0.1",
                "--port=" + port,
                "--tls-cert-file=" + dir.resolve("tls.crt"),
                "--tls-key-file=" + dir.resolve("tls.key"),
                "--watch-cluster=false",
                "--shutdown-delay=PT2S",
                "--shutdown-grace=PT5S")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("webhook.log").toFile())
            .start();
    try {
      HttpClient client =
          HttpClient.newBuilder()
              .sslContext(TestCertificates.trusting(cert))
              .connectTimeout(Duration.ofSeconds(2))
              .build();
      URI base = URI.create("https://localhost:" + port);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (status(client, base.resolve("/readyz")) != 200) {
        assertTrue(System.nanoTime() < deadline, "the webhook did not get ready");
        Thread.sleep(100);
      }
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger answered = new AtomicInteger();
      AtomicInteger refused = new AtomicInteger();
      List<String> lost = java.util.Collections.synchronizedList(new ArrayList<>());
      List<Thread> senders = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        Thread t =
            new Thread(
                () -> {
                  while (!stop.get()) {
                    try {
                      HttpResponse<String> r =
                          client.send(
                              HttpRequest.newBuilder(base.resolve("/validate"))
                                  .timeout(Duration.ofSeconds(10))
                                  .header("Content-Type", "application/json")
                                  .POST(HttpRequest.BodyPublishers.ofString(Reviews.badBackend()))
                                  .build(),
                              HttpResponse.BodyHandlers.ofString());
                      if (r.statusCode() == 200) {
                        answered.incrementAndGet();
                      } else {
                        lost.add("HTTP " + r.statusCode());
                      }
                    } catch (ConnectException closed) {
                      refused.incrementAndGet(); // the port is closed: never reached the server
                    } catch (javax.net.ssl.SSLHandshakeException e) {
                      // A connection the kernel queued as the listener closed is reset before its
                      // TLS handshake ends: no request was sent, so none reached the server.
                      if (String.valueOf(e.getMessage()).contains("terminated the handshake")) {
                        refused.incrementAndGet();
                      } else {
                        lost.add(e.toString());
                      }
                    } catch (IOException | InterruptedException e) {
                      lost.add(e.toString());
                    }
                  }
                });
        t.start();
        senders.add(t);
      }
      Thread.sleep(1_000);
      int before = answered.get();
      webhook.destroy(); // SIGTERM
      // readiness falls while reviews are still answered
      long notReadyAt = 0;
      int answeredWhenNotReady = 0;
      while (System.nanoTime() < deadline) {
        int s = status(client, base.resolve("/readyz"));
        if (s == 503) {
          notReadyAt = System.nanoTime();
          answeredWhenNotReady = answered.get();
          break;
        }
        Thread.sleep(20);
      }
      assertTrue(notReadyAt > 0, "/readyz never turned 503");
      Thread.sleep(1_000);
      assertTrue(
          answered.get() > answeredWhenNotReady, "reviews were still answered while not ready");
      assertTrue(webhook.waitFor(30, TimeUnit.SECONDS), "the webhook did not stop");
      stop.set(true);
      for (Thread t : senders) {
        t.join(15_000);
      }
      assertTrue(before > 0, "reviews were answered before SIGTERM");
      assertEquals(List.of(), lost, "reviews that reached the server and got no answer");
      assertEquals(0, webhook.exitValue() == 143 ? 0 : webhook.exitValue(), "exit status");
    } finally {
      webhook.destroyForcibly();
    }
  }

  private static int status(HttpClient client, URI uri) {
    try {
      return client
          .send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
              HttpResponse.BodyHandlers.ofString())
          .statusCode();
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }
}
