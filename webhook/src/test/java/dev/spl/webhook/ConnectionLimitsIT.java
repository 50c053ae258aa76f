package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
 * Connections are bounded over real TLS: past the cap no more are accepted, idle ones are closed
 * quickly once it is reached, so that many idle sockets cannot keep a real review out; and a
 * connection that has not sent its first request head within the deadline is closed, however slowly
 * it trickles (the idle timeout alone restarts with every byte).
 */
class ConnectionLimitsIT {
  // The reviews carry Backends, whose persistence only the gep-1619-backend proposal has.
  static final LintOptions BACKEND_PROPOSAL =
      LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND);

  private static final int CAP = 50;
  private static final long HEAD_DEADLINE = 2_000;
  // What a busy 2-core machine may add to any deadline the server keeps: the bounds below are the
  // configured deadline (or two, where the server looks once a deadline) plus this, stated once.
  private static final long SLACK = 3 * HEAD_DEADLINE;

  @TempDir Path dir;
  WebhookServer server;
  X509Certificate cert;
  final List<Socket> held = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    cert =
        TestCertificates.write(dir.resolve("tls.crt"), dir.resolve("tls.key"), "localhost", false);
    server =
        new WebhookServer(
                new WebhookServer.Settings(
                    "127.0.0.1",
                    0,
                    dir.resolve("tls.crt"),
                    dir.resolve("tls.key"),
                    30_000, // idle timeout: far above the deadline, which is what acts
                    1_000,
                    1_000,
                    new WebhookServer.Limits(4_000, CAP, HEAD_DEADLINE)),
                new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, ClusterState.NONE, false),
                ClusterState.NONE,
                new WebhookMetrics(),
                new JsonLog(
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
                () -> true)
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    for (Socket s : held) {
      s.close();
    }
    server.close();
  }

  @Test
  void fourTimesTheCapInIdleSocketsLeaveARealReviewAnswered() throws Exception {
    for (int i = 0; i < 4 * CAP; i++) {
      Socket s = new Socket();
      s.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()));
      held.add(s); // connected, and says nothing: not even a TLS hello
    }
    Thread.sleep(300);
    int open = server.openConnections();
    assertTrue(open > 0 && open <= CAP, open + " connections open, cap " + CAP);
    HttpClient client = HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).build();
    long start = System.nanoTime();
    HttpResponse<String> review =
        client.send(
            HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + "/validate"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Reviews.goodBackend()))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(200, review.statusCode(), review.body());
    assertTrue(review.body().contains("\"allowed\":true"), review.body());
    // at the cap, idle connections go after a second; the review waited for one to go, no more
    assertTrue(millis < HEAD_DEADLINE + SLACK, "answered after " + millis + " ms");
  }

  @Test
  void aHeaderTrickledAByteAtATimeIsCutOffAtTheDeadline() throws Exception {
    SSLSocket s = handshaken();
    long start = System.nanoTime();
    boolean closed =
        trickle(s, "POST /validate HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "a".repeat(32));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(closed, "the server kept a trickling header open for " + millis + " ms");
    assertTrue(
        millis >= HEAD_DEADLINE - 500 && millis < HEAD_DEADLINE + SLACK,
        "closed after " + millis + " ms");
  }

  @Test
  void aKeptAliveConnectionServesRequestsPastTheDeadline() throws Exception {
    SSLSocket s = handshaken();
    for (int i = 0; i < 3; i++) {
      if (i > 0) {
        Thread.sleep(HEAD_DEADLINE * 3 / 2); // idle between requests: the idle timeout's business
      }
      assertTrue(healthz(s).startsWith("HTTP/1.1 200"), "request " + i + " on one connection");
    }
  }

  @Test
  void aLaterHeadTrickledOnAKeptAliveConnectionIsCutOff() throws Exception {
    SSLSocket s = handshaken();
    assertTrue(healthz(s).startsWith("HTTP/1.1 200"));
    long start = System.nanoTime();
    boolean closed =
        trickle(s, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "a".repeat(60));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(closed, "the server kept a trickling second head open for " + millis + " ms");
    // looked at once a deadline: cut within two
    assertTrue(millis < 2 * HEAD_DEADLINE + SLACK, "closed after " + millis + " ms");
  }

  private SSLSocket handshaken() throws Exception {
    SSLSocket s =
        (SSLSocket)
            TestCertificates.trusting(cert)
                .getSocketFactory()
                .createSocket("127.0.0.1", server.port());
    held.add(s);
    s.startHandshake();
    return s;
  }

  /** One GET /healthz on {@code s}, kept alive; the response's head and body. */
  private static String healthz(SSLSocket s) throws Exception {
    s.setSoTimeout(5_000);
    s.getOutputStream()
        .write(
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    s.getOutputStream().flush();
    InputStream in = s.getInputStream();
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        return head.toString();
      }
      head.append((char) c);
    }
    java.util.regex.Matcher length =
        java.util.regex.Pattern.compile("(?i)content-length: (\\d+)").matcher(head);
    int n = length.find() ? Integer.parseInt(length.group(1)) : 0;
    return head + new String(in.readNBytes(n), StandardCharsets.US_ASCII);
  }

  /** Writes {@code text} a byte every 200 ms; true when the server closed the connection. */
  private static boolean trickle(SSLSocket s, String text) throws Exception {
    s.setSoTimeout(200);
    InputStream in = s.getInputStream();
    for (byte b : text.getBytes(StandardCharsets.US_ASCII)) {
      try {
        s.getOutputStream().write(b); // the idle timeout never fires
        s.getOutputStream().flush();
      } catch (java.io.IOException cutOff) {
        return true;
      }
      try {
        if (in.read() < 0) {
          return true;
        }
      } catch (SocketTimeoutException quiet) {
        // nothing yet: trickle on
      } catch (java.io.IOException reset) {
        return true;
      }
    }
    return false;
  }
}
