package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The real server over real TLS on an ephemeral port, called with the JDK's HTTP client. */
class WebhookServerIT {
  // The reviews carry Backends, whose persistence only the gep-1619-backend proposal has.
  static final LintOptions BACKEND_PROPOSAL =
      LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND);

  static final JsonMapper JSON = JsonMapper.builder().build();
  @TempDir Path dir;
  Path cert;
  Path key;
  X509Certificate certA;
  WebhookServer server;
  HttpClient client;
  final ByteArrayOutputStream logs = new ByteArrayOutputStream();

  @BeforeEach
  void start() throws Exception {
    cert = dir.resolve("tls.crt");
    key = dir.resolve("tls.key");
    certA = TestCertificates.write(cert, key, "cert-A", false);
    AdmissionHandler handler =
        new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, ClusterState.NONE, false);
    server =
        new WebhookServer(
                new WebhookServer.Settings("127.0.0.1", 0, cert, key, 5_000, 5_000, 100),
                handler,
                ClusterState.NONE,
                new WebhookMetrics(),
                new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
                () -> true)
            .start();
    client = client(certA);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  HttpClient client(X509Certificate... trusted) throws Exception {
    SSLContext ssl = TestCertificates.trusting(trusted);
    return HttpClient.newBuilder().sslContext(ssl).connectTimeout(Duration.ofSeconds(5)).build();
  }

  URI uri(String path) {
    return URI.create("https://localhost:" + server.port() + path);
  }

  HttpResponse<String> post(HttpClient c, String body, String contentType) throws Exception {
    return c.send(
        HttpRequest.newBuilder(uri("/validate"))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  JsonNode review(String body) throws Exception {
    HttpResponse<String> r = post(client, body, "application/json");
    assertEquals(200, r.statusCode(), r.body());
    return JSON.readTree(r.body()).get("response");
  }

  @Test
  void allowedDeniedWarnedDeleteAndUnknownKind() throws Exception {
    assertTrue(review(Reviews.goodBackend()).get("allowed").asBoolean());
    JsonNode denied = review(Reviews.badBackend());
    assertFalse(denied.get("allowed").asBoolean());
    assertEquals("u-bad", denied.get("uid").asString());
    assertTrue(denied.get("status").get("message").asString().contains("[SPL133]"));
    assertEquals(1, review(Reviews.warnedBackend()).get("warnings").size());
    assertTrue(review(Reviews.badBackend().replace("CREATE", "DELETE")).get("allowed").asBoolean());
    assertTrue(
        review(
                Reviews.review(
                    "u-cm",
                    "CREATE",
                    "",
                    "ConfigMap",
                    "shop",
                    "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"}}"))
            .get("allowed")
            .asBoolean());
    String log = logs.toString(StandardCharsets.UTF_8);
    assertTrue(log.contains("\"uid\":\"u-bad\"") && log.contains("\"verdict\":\"denied\""), log);
    assertFalse(log.contains("absoluteTimeout"), "the log must never carry the object");
  }

  @Test
  void theApiServersTimeoutStopsTheWorkAndIsAnsweredInTime() throws Exception {
    java.util.List<dev.spl.rules.Rule> rules =
        new java.util.ArrayList<>(dev.spl.catalogue.BuiltInRules.all());
    // three slow rules; the review's 300 ms lets the first finish and no other start: counted
    java.util.concurrent.atomic.AtomicInteger started =
        new java.util.concurrent.atomic.AtomicInteger();
    Runnable slowRule =
        () -> {
          started.incrementAndGet();
          AdmissionHandlerTest.sleep(400);
        };
    rules.add(AdmissionHandlerTest.testRule("SPL998", slowRule));
    rules.add(AdmissionHandlerTest.testRule("SPL999", slowRule));
    rules.add(AdmissionHandlerTest.testRule("SPL997", slowRule));
    try (WebhookServer slow =
        new WebhookServer(
                new WebhookServer.Settings("127.0.0.1", 0, cert, key, 5_000, 5_000, 100),
                new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, false),
                ClusterState.NONE,
                new WebhookMetrics(),
                new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
                () -> true)
            .start()) {
      HttpResponse<String> r =
          client.send(
              HttpRequest.newBuilder(
                      URI.create("https://localhost:" + slow.port() + "/validate?timeout=300ms"))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(Reviews.goodBackend()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), r.body());
      // At 300 ms the rule already running finishes; no other starts (all three without one).
      assertEquals(1, started.get(), "slow rules started");
      assertTrue(r.body().contains("did not finish before the review's timeout"), r.body());
      assertTrue(logs.toString(StandardCharsets.UTF_8).contains("\"verdict\":\"timeout\""));
    }
  }

  /**
   * With a metrics port, /metrics is there alone and gone from the reviews' port, so that a
   * NetworkPolicy can give the scraper the one and the API server the other.
   */
  @Test
  void aMetricsPortServesMetricsAloneAndTheReviewsPortNone() throws Exception {
    try (WebhookServer apart =
        new WebhookServer(
                new WebhookServer.Settings("127.0.0.1", 0, cert, key, 5_000, 5_000, 100),
                new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, ClusterState.NONE, false),
                ClusterState.NONE,
                new WebhookMetrics(),
                new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
                () -> true)
            .withMetricsPort(-1) // any free port
            .start()) {
      assertTrue(apart.metricsPort() != apart.port());
      java.util.function.BiFunction<Integer, String, Integer> get =
          (port, path) -> {
            try {
              return client
                  .send(
                      HttpRequest.newBuilder(URI.create("https://localhost:" + port + path))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .statusCode();
            } catch (Exception e) {
              throw new AssertionError(e);
            }
          };
      assertEquals(200, get.apply(apart.metricsPort(), "/metrics"));
      assertEquals(404, get.apply(apart.port(), "/metrics"));
      assertEquals(404, get.apply(apart.metricsPort(), "/healthz"));
      assertEquals(200, get.apply(apart.port(), "/healthz"));
      HttpResponse<String> review =
          client.send(
              HttpRequest.newBuilder(
                      URI.create("https://localhost:" + apart.metricsPort() + "/validate"))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(Reviews.goodBackend()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(404, review.statusCode());
    }
  }

  @Test
  void aConfigurationChangeOnDiskChangesTheVerdictWithoutARestart() throws Exception {
    Path file = Files.writeString(dir.resolve("spl.yaml"), "failOn: error\n");
    AdmissionConfig config =
        AdmissionConfig.load(
            file, new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)));
    try (WebhookServer configured =
        new WebhookServer(
                new WebhookServer.Settings("127.0.0.1", 0, cert, key, 5_000, 5_000, 100),
                new AdmissionHandler(
                    new Engine(),
                    BACKEND_PROPOSAL,
                    ClusterState.NONE,
                    false,
                    config::current,
                    dev.spl.config.AdmissionMode.ENFORCE),
                ClusterState.NONE,
                new WebhookMetrics(),
                new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
                () -> true)
            .withConfig(config)
            .start()) {
      URI validate = URI.create("https://localhost:" + configured.port() + "/validate");
      assertFalse(post(validate, Reviews.badBackend()).get("allowed").asBoolean());
      // the namespace labelled spl.dev/mode=warn is sent to /validate/warn by the chart
      JsonNode warned = post(URI.create(validate + "/warn"), Reviews.badBackend());
      assertTrue(warned.get("allowed").asBoolean(), warned.toString());
      assertTrue(warned.get("warnings").toString().contains("SPL133"), warned.toString());

      Files.writeString(file, "admission: {mode: warn}\n");
      config.check(); // what the poller does every second
      assertTrue(post(validate, Reviews.badBackend()).get("allowed").asBoolean());

      // a broken change is refused: the last good configuration stays, and says so
      Files.writeString(file, "admission: {mode: loud}\n");
      config.check();
      assertTrue(post(validate, Reviews.badBackend()).get("allowed").asBoolean(), "still warn");
      HttpResponse<String> ready =
          client.send(
              HttpRequest.newBuilder(
                      URI.create("https://localhost:" + configured.port() + "/readyz"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, ready.statusCode());
      assertTrue(ready.body().contains("last change was refused"), ready.body());
      assertFalse(ready.body().contains("loud"), "details only in the log: " + ready.body());
      String metrics =
          client
              .send(
                  HttpRequest.newBuilder(
                          URI.create("https://localhost:" + configured.port() + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      assertTrue(metrics.contains("spl_config_current 0.0"), metrics);
      assertTrue(metrics.contains("spl_config_reload_failures 1.0"), metrics);
      assertTrue(
          logs.toString(StandardCharsets.UTF_8)
              .contains("mode must be enforce, warn or audit-only"));

      Files.writeString(file, "failOn: error\n");
      config.check();
      assertFalse(
          post(validate, Reviews.badBackend()).get("allowed").asBoolean(), "enforcing again");
    }
  }

  JsonNode post(URI uri, String body) throws Exception {
    HttpResponse<String> r =
        client.send(
            HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    return JSON.readTree(r.body()).get("response");
  }

  @Test
  void aBrokenConfigurationRefusesTheStartWithItsPosition() throws Exception {
    Path file =
        Files.writeString(dir.resolve("bad.yaml"), "failOn: error\nadmission:\n  mode: enfroce\n");
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int status;
    try {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      status =
          new picocli.CommandLine(new WebhookMain())
              .execute(
                  "--tls-cert-file",
                  cert.toString(),
                  "--tls-key-file",
                  key.toString(),
                  "--watch-cluster",
                  "false",
                  "--config",
                  file.toString());
    } finally {
      System.setOut(stdout);
    }
    assertEquals(2, status);
    String log = captured.toString(StandardCharsets.UTF_8);
    assertTrue(log.contains("bad.yaml:3:3: mode must be enforce, warn or audit-only"), log);
  }

  @Test
  void badBodiesGetPlainErrors() throws Exception {
    HttpResponse<String> malformed = post(client, "{not json", "application/json");
    assertEquals(400, malformed.statusCode());
    assertTrue(malformed.body().startsWith("the body is not valid JSON"), malformed.body());
    assertEquals(400, post(client, "{\"kind\": \"Pod\"}", "application/json").statusCode());
    assertEquals(415, post(client, Reviews.goodBackend(), "text/yaml").statusCode());
    // Announce a body over the limit and send none: the server must refuse from the headers alone,
    // without reading (or waiting for) the megabytes.
    javax.net.ssl.SSLSocketFactory factory = TestCertificates.trusting(certA).getSocketFactory();
    try (var socket = factory.createSocket("127.0.0.1", server.port())) {
      socket.setSoTimeout(5_000);
      socket
          .getOutputStream()
          .write(
              ("POST /validate HTTP/1.1\r\nHost: localhost\r\n"
                      + "Content-Type: application/json\r\nContent-Length: "
                      + (5 << 20)
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      String status =
          new java.io.BufferedReader(
                  new java.io.InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
              .readLine();
      assertEquals("HTTP/1.1 413 Payload Too Large", status);
    }
    // and the server still serves
    assertTrue(review(Reviews.goodBackend()).get("allowed").asBoolean());
  }

  @Test
  void aClientThatStallsMidBodyIsCutOffAndOthersAreServed() throws Exception {
    javax.net.ssl.SSLSocketFactory factory = TestCertificates.trusting(certA).getSocketFactory();
    try (var slow = factory.createSocket("127.0.0.1", server.port())) {
      slow.setSoTimeout(20_000);
      String body = Reviews.goodBackend();
      slow.getOutputStream()
          .write(
              ("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      + "Content-Length: "
                      + body.length()
                      + "\r\n\r\n"
                      + body.substring(0, 10))
                  .getBytes(StandardCharsets.US_ASCII));
      slow.getOutputStream().flush();
      // While it stalls, everyone else is answered.
      long started = System.nanoTime();
      assertTrue(review(Reviews.goodBackend()).get("allowed").asBoolean());
      assertTrue(
          System.nanoTime() - started < Duration.ofSeconds(2).toNanos(), "others must not wait");
      // The stalled request is ended by the idle timeout (5 s in this test), not left open forever.
      int read = slow.getInputStream().read(new byte[4096]);
      long waited = System.nanoTime() - started;
      assertTrue(
          waited < Duration.ofSeconds(15).toNanos(), "cut off after " + waited / 1_000_000 + " ms");
      assertTrue(read == -1 || read > 0, "the server answered or closed");
    }
  }

  @Test
  void onStoppingReadinessFallsFirstWhileReviewsAreStillAnswered() throws Exception {
    server.stopping();
    HttpResponse<String> ready =
        client.send(
            HttpRequest.newBuilder(uri("/readyz")).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(503, ready.statusCode());
    assertFalse(ready.body().contains("stopping"), "details go to the log, not to callers");
    assertTrue(logs.toString(StandardCharsets.UTF_8).contains("stopping"));
    assertEquals(200, post(client, Reviews.goodBackend(), "application/json").statusCode());
  }

  @Test
  void healthReadinessAndMetrics() throws Exception {
    assertEquals(
        200,
        client
            .send(
                HttpRequest.newBuilder(uri("/healthz")).build(),
                HttpResponse.BodyHandlers.ofString())
            .statusCode());
    HttpResponse<String> ready =
        client.send(
            HttpRequest.newBuilder(uri("/readyz")).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, ready.statusCode(), ready.body());
    review(Reviews.badBackend());
    review(Reviews.badBackend().replace("\"dryRun\": false", "\"dryRun\": true"));
    String metrics =
        client
            .send(
                HttpRequest.newBuilder(uri("/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertTrue(
        metrics.contains(
            "spl_admission_requests_total{dry_run=\"false\",kind=\"XBackend\",operation=\"CREATE\","
                + "verdict=\"denied\"} 1.0"),
        metrics);
    assertTrue(metrics.contains("dry_run=\"true\""), metrics);
    assertTrue(
        metrics.contains("spl_findings_total{rule=\"SPL133\",severity=\"error\"} 2.0"), metrics);
    assertTrue(metrics.contains("spl_admission_duration_seconds_bucket{le=\"30.0\"} 2"), metrics);
  }

  @Test
  void onlyTls12AndUp() throws Exception {
    SSLContext ssl = TestCertificates.trusting(certA);
    SSLParameters tls11 = new SSLParameters();
    tls11.setProtocols(new String[] {"TLSv1.1"});
    HttpClient old = HttpClient.newBuilder().sslContext(ssl).sslParameters(tls11).build();
    boolean failed;
    try {
      old.send(
          HttpRequest.newBuilder(uri("/healthz")).build(), HttpResponse.BodyHandlers.ofString());
      failed = false;
    } catch (java.io.IOException expected) {
      failed = true;
    }
    assertTrue(failed, "a TLS 1.1 handshake must fail");
  }

  @Test
  void rotatedCertificateIsServedWithoutAFailedRequest() throws Exception {
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger ok = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    X509Certificate[] both = new X509Certificate[2];
    both[0] = certA;
    // The load keeps a client that trusts both certificates busy during the swap.
    Path certB = dir.resolve("b.crt");
    Path keyB = dir.resolve("b.key");
    both[1] = TestCertificates.write(certB, keyB, "cert-B", true);
    Thread load =
        new Thread(
            () -> {
              while (running.get()) {
                try {
                  HttpResponse<String> r =
                      post(
                          HttpClient.newBuilder()
                              .sslContext(TestCertificates.trusting(both))
                              .build(),
                          Reviews.goodBackend(),
                          "application/json");
                  (r.statusCode() == 200 ? ok : failed).incrementAndGet();
                } catch (Exception e) {
                  failed.incrementAndGet();
                }
              }
            });
    load.start();
    InformerClusterStateIT.await("the load to be running", () -> ok.get() > 0);
    // Swap the files in as the kubelet does: the key first, then the certificate, each atomically.
    java.nio.file.Files.copy(keyB, dir.resolve("k.tmp"));
    java.nio.file.Files.move(
        dir.resolve("k.tmp"), key, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    java.nio.file.Files.copy(certB, dir.resolve("c.tmp"));
    java.nio.file.Files.move(
        dir.resolve("c.tmp"), cert, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    String subject = "";
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline && !subject.contains("cert-B")) {
      HttpResponse<String> r =
          client(both)
              .send(
                  HttpRequest.newBuilder(uri("/healthz")).build(),
                  HttpResponse.BodyHandlers.ofString());
      subject =
          ((X509Certificate) r.sslSession().orElseThrow().getPeerCertificates()[0])
              .getSubjectX500Principal()
              .getName();
      Thread.sleep(50);
    }
    running.set(false);
    load.join();
    assertEquals("CN=cert-B", subject, logs.toString(StandardCharsets.UTF_8));
    assertTrue(ok.get() > 0);
    assertEquals(0, failed.get(), "requests failed during the rotation");
    assertEquals(1, server.reloader().reloads());
  }

  @Test
  void aBrokenCertificateFileKeepsTheOldOne() throws Exception {
    java.nio.file.Files.writeString(key, "garbage");
    server.reloader().checkOnce();
    assertEquals(0, server.reloader().reloads());
    assertEquals(
        200,
        client
            .send(
                HttpRequest.newBuilder(uri("/healthz")).build(),
                HttpResponse.BodyHandlers.ofString())
            .statusCode());
    assertTrue(logs.toString(StandardCharsets.UTF_8).contains("keeping the current one"));
  }
}
