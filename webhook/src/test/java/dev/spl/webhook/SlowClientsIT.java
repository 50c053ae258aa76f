package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that announce a body and send it a byte at a time (slowloris) hold connections, not the
 * server's threads: /healthz and /validate still answer, within a second, and a trickled body is
 * cut off at the deadline with 408.
 */
class SlowClientsIT {
  // The reviews carry Backends, whose persistence only the gep-1619-backend proposal has.
  static final LintOptions BACKEND_PROPOSAL =
      LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND);

  @TempDir Path dir;
  WebhookServer server;
  X509Certificate cert;
  final List<SSLSocket> slow = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    cert =
        TestCertificates.write(dir.resolve("tls.crt"), dir.resolve("tls.key"), "localhost", false);
    server = server(BODY_DEADLINE);
  }

  /** The body deadline of this class's server (the product's default is longer: 10 s). */
  private static final long BODY_DEADLINE = 4_000;

  WebhookServer server(long bodyDeadlineMillis) throws Exception {
    return server(
        new WebhookServer.Limits(
            bodyDeadlineMillis,
            WebhookServer.MAX_CONNECTIONS,
            WebhookServer.REQUEST_HEAD_DEADLINE_MILLIS));
  }

  WebhookServer server(WebhookServer.Limits limits) throws Exception {
    return new WebhookServer(
            new WebhookServer.Settings(
                "127.0.0.1",
                0,
                dir.resolve("tls.crt"),
                dir.resolve("tls.key"),
                30_000,
                1_000,
                1_000,
                limits),
            new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, ClusterState.NONE, false),
            ClusterState.NONE,
            new WebhookMetrics(),
            new JsonLog(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
            () -> true)
        .start();
  }

  @AfterEach
  void stop() throws Exception {
    for (SSLSocket s : slow) {
      s.close();
    }
    server.close();
  }

  private SSLSocket trickle() throws Exception {
    SSLSocket s =
        (SSLSocket)
            TestCertificates.trusting(cert)
                .getSocketFactory()
                .createSocket("127.0.0.1", server.port());
    s.setSoTimeout(15_000);
    OutputStream out = s.getOutputStream();
    out.write(
        ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n{")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return s;
  }

  @Test
  void fourHundredSlowBodiesLeaveTheServerAnswering() throws Exception {
    for (int i = 0; i < 400; i++) {
      slow.add(trickle());
    }
    HttpClient client = HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).build();
    URI base = URI.create("https://localhost:" + server.port());
    for (int round = 0; round < 5; round++) {
      for (SSLSocket s : slow) {
        try {
          s.getOutputStream().write(' '); // a byte now and then: no idle timeout ever fires
        } catch (java.io.IOException cutOff) {
          // past the deadline the server closes them, as it should
        }
      }
      HttpResponse<String> health =
          client.send(
              HttpRequest.newBuilder(base.resolve("/healthz"))
                  .timeout(Duration.ofSeconds(1))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, health.statusCode());
      HttpResponse<String> review =
          client.send(
              HttpRequest.newBuilder(base.resolve("/validate"))
                  .timeout(Duration.ofSeconds(1))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(Reviews.goodBackend()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, review.statusCode(), review.body());
      assertTrue(review.body().contains("\"allowed\":true"), review.body());
    }
  }

  /** A connection that announces {@code length} bytes (or chunked, when negative) and stalls. */
  private SSLSocket announceAndStall(long length) throws Exception {
    SSLSocket s =
        (SSLSocket)
            TestCertificates.trusting(cert)
                .getSocketFactory()
                .createSocket("127.0.0.1", server.port());
    s.setSoTimeout(15_000);
    s.getOutputStream()
        .write(
            ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + (length < 0
                        ? "Transfer-Encoding: chunked\r\n"
                        : "Content-Length: " + length + "\r\n")
                    + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    s.getOutputStream().flush();
    return s;
  }

  @Test
  void announcedLargeBodiesThatNeverArriveHoldNoMemory() throws Exception {
    server.close();
    server = server(WebhookServer.BODY_DEADLINE_MILLIS);
    // Four connections announce 3 MiB (two of them chunked) and send nothing: before, they
    // reserved the whole budget and every other review waited, then got 503.
    for (int i = 0; i < 4; i++) {
      slow.add(announceAndStall(i % 2 == 0 ? WebhookServer.MAX_BODY_BYTES - 1 : -1));
    }
    Thread.sleep(200);
    HttpClient client = HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).build();
    URI validate = URI.create("https://localhost:" + server.port() + "/validate");
    for (int i = 0; i < 7; i++) {
      long started = System.nanoTime();
      HttpResponse<String> review =
          client.send(
              HttpRequest.newBuilder(validate)
                  .timeout(Duration.ofSeconds(2))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(Reviews.goodBackend()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, review.statusCode(), review.body());
      assertTrue(review.body().contains("\"allowed\":true"), review.body());
      // not held for the stalled bodies: answered well before their deadline would free budget
      assertTrue(
          System.nanoTime() - started < WebhookServer.BODY_DEADLINE_MILLIS * 1_000_000L / 2,
          "a small review waited for the stalled bodies");
    }
  }

  /**
   * Two addresses open two connections each that announce 3 MiB and send a byte a second; before,
   * their first bytes reserved the whole shared lane and a third address's 224 KiB reviews waited
   * for their deadline, then got 503. The tricklers' deadline here is the server's, 30 s; the
   * reviews' is their own timeout's, so waiting for the tricklers fails a review however slow the
   * machine.
   */
  @Test
  void twoAddressesTricklingAnnouncedBodiesLeaveAThirdsReviewsRoom() throws Exception {
    server.close();
    server = server(30_000);
    List<SSLSocket> tricklers = new ArrayList<>();
    for (String address : List.of("127.0.0.2", "127.0.0.3")) {
      for (int i = 0; i < 2; i++) {
        SSLSocket s =
            (SSLSocket)
                TestCertificates.trusting(cert)
                    .getSocketFactory()
                    .createSocket(
                        java.net.InetAddress.getByName("127.0.0.1"),
                        server.port(),
                        java.net.InetAddress.getByName(address),
                        0);
        s.getOutputStream()
            .write(
                ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: "
                        + (WebhookServer.MAX_BODY_BYTES - 1)
                        + "\r\n\r\n{")
                    .getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        tricklers.add(s);
        slow.add(s);
      }
    }
    var ticks = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
    ticks.scheduleAtFixedRate(
        () -> {
          for (SSLSocket s : tricklers) {
            try {
              s.getOutputStream().write(' ');
              s.getOutputStream().flush();
            } catch (java.io.IOException closed) {
              // closed by the test's end
            }
          }
        },
        0,
        1,
        java.util.concurrent.TimeUnit.SECONDS);
    try {
      String review =
          Reviews.goodBackend()
              .replace(
                  "\"metadata\": {",
                  "\"metadata\": {\"annotations\": {\"pad\": \""
                      + "x".repeat(224 * 1024)
                      + "\"}, ");
      HttpClient client =
          HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).build();
      // The API server's timeout gives each review a deadline far before the tricklers': a review
      // that waited for their memory would get 503, not 200.
      URI validate = URI.create("https://localhost:" + server.port() + "/validate?timeout=5s");
      int answered = 0;
      for (int i = 0; i < 22; i++) {
        HttpResponse<String> r =
            client.send(
                HttpRequest.newBuilder(validate)
                    .timeout(Duration.ofSeconds(25))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(review))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), "review " + i + ": " + r.body());
        assertTrue(r.body().contains("\"allowed\":true"), r.body());
        answered++;
      }
      assertEquals(22, answered);
    } finally {
      ticks.shutdownNow();
    }
  }

  @Test
  void oneClientAddressHoldsAtMostItsShareOfConnections() throws Exception {
    server.close();
    server =
        server(
            new WebhookServer.Limits(
                4_000,
                WebhookServer.MAX_CONNECTIONS,
                WebhookServer.REQUEST_HEAD_DEADLINE_MILLIS,
                5));
    javax.net.ssl.SSLSocketFactory tls = TestCertificates.trusting(cert).getSocketFactory();
    java.net.InetAddress attacker = java.net.InetAddress.getByName("127.0.0.1");
    java.net.InetAddress apiServer = java.net.InetAddress.getByName("127.0.0.2");
    for (int i = 0; i < 5; i++) {
      SSLSocket s = (SSLSocket) tls.createSocket("127.0.0.1", server.port(), attacker, 0);
      s.startHandshake();
      slow.add(s);
    }
    SSLSocket sixth = (SSLSocket) tls.createSocket("127.0.0.1", server.port(), attacker, 0);
    sixth.setSoTimeout(5_000);
    assertThrows(java.io.IOException.class, sixth::startHandshake, "closed as it opened");
    sixth.close();
    // another address still gets answers
    try (SSLSocket s = (SSLSocket) tls.createSocket("127.0.0.1", server.port(), apiServer, 0)) {
      s.setSoTimeout(5_000);
      s.getOutputStream()
          .write(
              "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.US_ASCII));
      String answer = new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
      assertEquals("HTTP/1.1 200", answer);
    }
    // a closed connection gives the client its place back
    slow.remove(0).close();
    dev.spl.testing.Await.until(
        "a place for the client again",
        java.time.Duration.ofSeconds(10),
        () -> {
          try (SSLSocket s =
              (SSLSocket) tls.createSocket("127.0.0.1", server.port(), attacker, 0)) {
            s.setSoTimeout(5_000);
            s.startHandshake();
            return true;
          } catch (java.io.IOException e) {
            return false;
          }
        });
  }

  @Test
  void aTrickledBodyIsCutOffAtTheDeadline() throws Exception {
    SSLSocket s = trickle();
    slow.add(s);
    InputStream in = s.getInputStream();
    String answer = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
    assertEquals("HTTP/1.1 408", answer);
  }

  @Test
  void aBurstOfLargeObjectsIsAnsweredInTurn() throws Exception {
    server.close();
    server = server(WebhookServer.BODY_DEADLINE_MILLIS);
    // eight 2.9 MiB reviews at once: over the in-memory budget, so they queue; each is answered
    String padding = "x".repeat(2_900_000);
    String big =
        Reviews.goodBackend()
            .replace(
                "\"metadata\": {",
                "\"metadata\": {\"annotations\": {\"pad\": \"" + padding + "\"}, ");
    HttpClient client = HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).build();
    URI validate = URI.create("https://localhost:" + server.port() + "/validate");
    List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      answers.add(
          client.sendAsync(
              HttpRequest.newBuilder(validate)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(big))
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    for (var answer : answers) {
      HttpResponse<String> r = answer.get(30, java.util.concurrent.TimeUnit.SECONDS);
      assertEquals(200, r.statusCode(), r.body());
      assertTrue(r.body().contains("\"allowed\":true"), r.body());
    }
  }

  @Test
  void theApiServersTimeoutShortensTheDeadline() throws Exception {
    SSLSocket s =
        (SSLSocket)
            TestCertificates.trusting(cert)
                .getSocketFactory()
                .createSocket("127.0.0.1", server.port());
    slow.add(s);
    s.setSoTimeout(15_000);
    s.getOutputStream()
        .write(
            ("POST /validate?timeout=1s HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                .getBytes(StandardCharsets.US_ASCII));
    long started = System.nanoTime();
    String answer = new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
    assertEquals("HTTP/1.1 408", answer);
    // the server's own body deadline was not waited for: the API server gave up after 1 s
    assertTrue(System.nanoTime() - started < BODY_DEADLINE * 1_000_000L);
  }
}
