package dev.spl.cli.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.spl.cli.Spl;
import dev.spl.cli.ToolsNeeded;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * spl probe against a real load balancer on loopback: Debian's HAProxy in front of two small
 * backends that name themselves in X-Served-By. Skipped, saying why, where HAProxy is missing.
 */
class ProbeHaproxyIT {
  @TempDir Path dir;
  final List<HttpServer> backends = new ArrayList<>();
  Process haproxy;
  int port;

  record Run(int status, String out) {}

  @BeforeEach
  void backends() throws IOException {
    ToolsNeeded.require(
        haproxyInstalled(),
        "haproxy is not installed (apt-get install haproxy); probe tests skipped");
    for (String name : List.of("s1", "s2")) {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/",
          exchange -> {
            requests
                .computeIfAbsent(name, n -> new java.util.concurrent.atomic.AtomicInteger())
                .incrementAndGet();
            boolean stopped = Files.exists(dir.resolve("stopped-" + name));
            byte[] body =
                (stopped ? "down" : "hello from " + name).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("X-Served-By", name);
            exchange.sendResponseHeaders(stopped ? 503 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.start();
      backends.add(server);
    }
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (haproxy != null) {
      haproxy.destroy();
      haproxy.waitFor();
    }
    backends.forEach(b -> b.stop(0));
  }

  private static boolean haproxyInstalled() {
    try {
      return new ProcessBuilder("haproxy", "-v").redirectErrorStream(true).start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /**
   * Starts HAProxy with {@code cookie} as the backend's cookie line and per-server cookie options.
   */
  private void haproxy(String cookie, String server1Cookie, String server2Cookie) throws Exception {
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    String config =
        """
        defaults
          mode http
          timeout connect 2s
          timeout client 10s
          timeout server 10s
        frontend fe
          bind 127.0.0.1:%d
          default_backend be
        backend be
          balance roundrobin
          option redispatch
          option httpchk GET /health
          %s
          server s1 127.0.0.1:%d check inter 100ms fall 1 rise 1 %s
          server s2 127.0.0.1:%d check inter 100ms fall 1 rise 1 %s
        """
            .formatted(
                port,
                cookie,
                backends.get(0).getAddress().getPort(),
                server1Cookie,
                backends.get(1).getAddress().getPort(),
                server2Cookie);
    Path file = Files.writeString(dir.resolve("haproxy.cfg"), config);
    haproxy =
        new ProcessBuilder("haproxy", "-db", "-f", file.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("haproxy.log").toFile())
            .start();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        break;
      } catch (IOException notYet) {
        if (System.nanoTime() > deadline || !haproxy.isAlive()) {
          throw new AssertionError(
              "haproxy did not start: " + Files.readString(dir.resolve("haproxy.log")));
        }
        Thread.sleep(50);
      }
    }
    // a second health check on each server means HAProxy has taken the first answer (rise 1): up
    while (!(count("s1") > 1 && count("s2") > 1)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "haproxy checked no server: " + Files.readString(dir.resolve("haproxy.log")));
      }
      Thread.sleep(20);
    }
  }

  private final java.util.Map<String, java.util.concurrent.atomic.AtomicInteger> requests =
      new java.util.concurrent.ConcurrentHashMap<>();

  private int count(String server) {
    var n = requests.get(server);
    return n == null ? 0 : n.get();
  }

  private Run probe(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of("probe", "http://127.0.0.1:" + port + "/"));
    all.addAll(List.of(args));
    int status = Spl.run(all.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err));
    return new Run(status, out + err.toString());
  }

  private static final String INSERT =
      "cookie SPLSESSION insert indirect nocache httponly attr \"SameSite=Lax\"";

  @Test
  void cookieInsertPersistencePasses() throws Exception {
    haproxy(INSERT, "cookie s1", "cookie s2");
    Run run = probe("--cookie", "SPLSESSION");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("PASS  sticky"), run.out());
    assertTrue(run.out().contains("PASS  spread"), run.out());
    assertTrue(run.out().contains("PASS  cookie-attributes"), run.out());
    assertTrue(run.out().contains("(20 requests)"), run.out());
  }

  @Test
  void plainRoundRobinIsNotSticky() throws Exception {
    haproxy("", "", "");
    Run run = probe("--cookie", "SPLSESSION");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("FAIL  sticky"), run.out());
  }

  @Test
  void aCookieThatCarriesTheServerAddressFails() throws Exception {
    int p1 = backends.get(0).getAddress().getPort();
    int p2 = backends.get(1).getAddress().getPort();
    haproxy(INSERT, "cookie 127.0.0.1:" + p1, "cookie 127.0.0.1:" + p2);
    Run run = probe("--cookie", "SPLSESSION");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("FAIL  no-address-in-token"), run.out());
    assertTrue(run.out().contains("PASS  sticky"), run.out());
  }

  @Test
  void maxAgeMustMatchTheManifest() throws Exception {
    haproxy(
        INSERT.replace("\"SameSite=Lax\"", "\"SameSite=Lax\" attr \"Max-Age=60\""),
        "cookie s1",
        "cookie s2");
    Path manifest =
        Files.writeString(
            dir.resolve("backend.yaml"),
            """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackend
        metadata: {name: app}
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {}
            sessionPersistence:
              absoluteTimeout: 1h
              cookie: {name: SPLSESSION, lifetimeType: Permanent}
        """);
    Run run = probe("--expect-from", manifest.toString());
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("Max-Age is 60, expected 3600"), run.out());
  }

  @Test
  void failOverLandsOnAHealthyBackendWithANewCookie() throws Exception {
    haproxy(INSERT, "cookie s1", "cookie s2");
    Run run =
        probe(
            "--cookie",
            "SPLSESSION",
            "--fail-over",
            "--stop-cmd",
            "touch " + dir + "/stopped-$SPL_BACKEND && sleep 1");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("PASS  fail-over"), run.out());
  }

  @Test
  void anUnreachableUrlExitsThree() throws Exception {
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    assertEquals(3, probe("--cookie", "SPLSESSION", "--timeout", "PT1S").status());
  }
}
