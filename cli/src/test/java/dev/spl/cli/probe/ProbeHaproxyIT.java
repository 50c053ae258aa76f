package dev.spl.cli.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.spl.cli.Spl;
import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * spl probe against a real load balancer on loopback: Debian's HAProxy in front of two small
 * backends that name themselves in X-Served-By. Skipped, saying why, where HAProxy is missing.
 */
@Tag("tools")
class ProbeHaproxyIT {
  @TempDir Path dir;
  final List<HttpServer> backends = new ArrayList<>();
  Process haproxy;
  int port;

  record Run(int status, String out) {}

  @BeforeEach
  void backends() throws IOException {
    ToolsNeeded.require(
        Balancers.installed("haproxy"),
        "haproxy is not installed (apt-get install haproxy); probe tests skipped");
    for (String name : List.of("s1", "s2")) {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/",
          exchange -> {
            if ("2.0".equals(exchange.getRequestHeaders().getFirst("X-Version"))) {
              h2Connections.add(exchange.getRequestHeaders().getFirst("X-Client-Port"));
            }
            requests
                .computeIfAbsent(name, n -> new java.util.concurrent.atomic.AtomicInteger())
                .incrementAndGet();
            boolean stopped = Files.exists(dir.resolve("stopped-" + name));
            Balancers.answer(
                exchange, stopped ? 503 : 200, name, stopped ? "down" : "hello from " + name);
          });
      server.start();
      backends.add(server);
    }
  }

  @AfterEach
  void stop() throws InterruptedException {
    Balancers.stop(haproxy);
    backends.forEach(b -> b.stop(0));
  }

  /**
   * Starts HAProxy with {@code cookie} as the backend's cookie line and per-server cookie options.
   */
  private void haproxy(String cookie, String server1Cookie, String server2Cookie) throws Exception {
    haproxy("balance roundrobin", cookie, server1Cookie, server2Cookie);
  }

  private void haproxy(String balance, String cookie, String server1Cookie, String server2Cookie)
      throws Exception {
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    try (ServerSocket free = new ServerSocket(0)) {
      port2 = free.getLocalPort();
    }
    String config =
        """
        defaults
          mode http
          timeout connect 2s
          timeout client 10s
          timeout server 10s
        frontend fe
          bind 127.0.0.1:%d %s
          default_backend be
        frontend fe2
          bind 127.0.0.1:%d
          default_backend be
        backend be
          http-request set-header X-Version %%[req.ver]
          http-request set-header X-Client-Port %%[src_port]
          %s
          option redispatch
          option httpchk GET /health
          %s
          server s1 127.0.0.1:%d check inter 100ms fall 1 rise 1 %s
          server s2 127.0.0.1:%d check inter 100ms fall 1 rise 1 %s
        """
            .formatted(
                port,
                tls,
                port2,
                balance,
                cookie,
                backends.get(0).getAddress().getPort(),
                server1Cookie,
                backends.get(1).getAddress().getPort(),
                server2Cookie);
    Path file = Files.writeString(dir.resolve("haproxy.cfg"), config);
    haproxy =
        Balancers.start(dir.resolve("haproxy.log"), port, "haproxy", "-db", "-f", file.toString());
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    // a second health check on each server means HAProxy has taken the first answer (rise 1): up
    while (!(count("s1") > 1 && count("s2") > 1)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "haproxy checked no server: " + Files.readString(dir.resolve("haproxy.log")));
      }
      Thread.sleep(20);
    }
  }

  int port2;

  /** Options of the first bind line: TLS with ALPN for the HTTP/2 test. */
  String tls = "";

  /** The client ports of the HTTP/2 requests HAProxy forwarded: one connection, one port. */
  final java.util.Set<String> h2Connections = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private final java.util.Map<String, java.util.concurrent.atomic.AtomicInteger> requests =
      new java.util.concurrent.ConcurrentHashMap<>();

  private int count(String server) {
    var n = requests.get(server);
    return n == null ? 0 : n.get();
  }

  private Run probe(String... args) {
    return probeAt("http://127.0.0.1:" + port + "/", args);
  }

  private Run probeAt(String url, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of("probe", url));
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
    // 127.0.0.1 and 127.0.0.2 by two cookie jars: the cookie decides, not the address
    assertTrue(run.out().contains("PASS  grid"), run.out());
    assertTrue(run.out().contains("pinned per token, not per address"), run.out());
    // the grid as a table: a row per address, a column per jar, each column one backend
    assertTrue(
        run.out()
            .matches(
                "(?s).*\\n      from \\\\ jar +jar 1 +jar 2\\n      127\\.0\\.0\\.1 +(s[12]) +(s[12])\\n      127\\.0\\.0\\.2 +\\1 +\\2\\n.*"),
        run.out());
    // a flipped or truncated cookie names no server: HAProxy picks afresh and sets a new one
    assertTrue(run.out().contains("PASS  tamper"), run.out());
    assertTrue(run.out().contains("one byte flipped: 200 from"), run.out());
    assertTrue(run.out().matches("(?s).*\\((1[0-9]|20) requests\\)\\s*"), run.out());
  }

  @Test
  void backendsThatCannotBeToldApartProveNothing() throws Exception {
    // the backends name themselves in X-Served-By only; asked for another header, every answer
    // looks alike: one pinned backend and two identical ones cannot be told apart
    haproxy(INSERT, "cookie s1", "cookie s2");
    Run run = probe("--cookie", "SPLSESSION", "--served-by", "X-Backend-Name");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("INCONCLUSIVE sticky"), run.out());
    assertTrue(run.out().contains("http-response set-header X-Served-By %s"), run.out());
    assertTrue(run.out().contains("not proven: 1 check inconclusive"), run.out());
    assertTrue(!run.out().contains("PASS  sticky"), run.out());
  }

  private static final String TEXTBOOK = "cookie SRV insert indirect nocache httponly";

  @Test
  void theTextbookCookieInsertPassesWithSameSiteAsAWarning() throws Exception {
    haproxy(TEXTBOOK, "cookie s1", "cookie s2");
    Run run = probe("--cookie", "SRV");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("WARN  cookie-attributes"), run.out());
    assertTrue(run.out().contains("no SameSite (browsers use Lax)"), run.out());
    assertTrue(run.out().contains("passed with 1 warning"), run.out());
    Run strict = probe("--cookie", "SRV", "--strict");
    assertEquals(1, strict.status(), strict.out());
  }

  @Test
  void hashedDynamicCookiesPinAndRevealNoAddress() throws Exception {
    haproxy(
        "balance roundrobin\n  dynamic-cookie-key spl-test-key",
        "cookie SRV insert dynamic indirect nocache httponly attr \"SameSite=Lax\"",
        "",
        "");
    Run run = probe("--cookie", "SRV");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("PASS  sticky"), run.out());
    assertTrue(run.out().contains("PASS  no-address-in-token"), run.out());
  }

  @Test
  void sourceBalancingPinsByAddressAndNotByCookie() throws Exception {
    haproxy("balance source", "", "", "");
    Run byAddress = probe("--mode", "source-ip");
    assertEquals(0, byAddress.status(), byAddress.out());
    assertTrue(byAddress.out().contains("PASS  sticky-by-address"), byAddress.out());
    assertTrue(byAddress.out().contains("PASS  grid"), byAddress.out());
    assertTrue(byAddress.out().contains("pinned per address, whatever the token"), byAddress.out());
    // the same balancer probed for cookie persistence: it sets none, so nothing pins a jar
    Run byCookie = probe("--cookie", "SRV");
    assertEquals(1, byCookie.status(), byCookie.out());
    assertTrue(byCookie.out().contains("FAIL  sets-persistence"), byCookie.out());
    assertTrue(byCookie.out().contains("FAIL  sticky"), byCookie.out());
  }

  @Test
  void cookiePersistenceIsNotPinningByAddress() throws Exception {
    // round robin with a cookie: without the cookie, one address is not kept on one server
    haproxy(INSERT, "cookie s1", "cookie s2");
    Run run = probe("--mode", "source-ip");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("FAIL  sticky-by-address"), run.out());
  }

  @Test
  void theOtherPortOfAPortGroupKeepsThePin() throws Exception {
    haproxy(INSERT, "cookie s1", "cookie s2");
    Run run = probe("--cookie", "SPLSESSION", "--also", "http://127.0.0.1:" + port2 + "/");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("PASS  port-group"), run.out());
  }

  @Test
  void withoutRequestsGivenTheProbeSendsWhatItsChecksNeed() throws Exception {
    haproxy(INSERT, "cookie s1", "cookie s2");
    // these checks need 22 requests (grid 4, tamper 3, two URLs, http2 6, idle 2): over the 20
    // default
    Run run =
        probe(
            "--cookie",
            "SPLSESSION",
            "--also",
            "http://127.0.0.1:" + port2 + "/",
            "--also",
            "http://127.0.0.1:" + port2 + "/x",
            "--http2",
            "--idle-wait",
            "PT0S");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("PASS  port-group"), run.out());
  }

  @Test
  void tooFewRequestsIsAUsageErrorThatSaysWhatTheChecksNeed() throws Exception {
    haproxy(INSERT, "cookie s1", "cookie s2");
    Run run = probe("--cookie", "SPLSESSION", "--requests", "3");
    assertEquals(2, run.status(), run.out());
    assertTrue(run.out().contains("--requests 3 is too few for the checks chosen"), run.out());
    assertTrue(run.out().contains("use --requests 12 or more"), run.out());
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
    // whatever the request count: unreachable is said first
    assertEquals(
        3, probe("--cookie", "SPLSESSION", "--timeout", "PT1S", "--requests", "1").status());
  }

  @Test
  void anIdleSessionIsDroppedPastItsIdleTimeout() throws Exception {
    // HAProxy's maxidle dates the cookie; an older one is ignored and the client balanced afresh
    haproxy(INSERT + " maxidle 1s", "cookie s1", "cookie s2");
    Path manifest =
        Files.writeString(
            dir.resolve("policy.yaml"),
            """
        apiVersion: gateway.networking.k8s.io/v1alpha2
        kind: BackendLBPolicy
        metadata: {name: app}
        spec:
          targetRefs: [{group: "", kind: Service, name: app}]
          sessionPersistence: {sessionName: SPLSESSION, idleTimeout: 1s}
        """);
    Run run =
        probe(
            "--expect-from",
            manifest.toString(),
            "--gateway-api-version",
            "v1.5",
            "--idle-wait",
            "PT6S"); // HAProxy dates its cookies in 4-second steps
    assertTrue(run.out().contains("PASS  idle-timeout"), run.out());
    assertTrue(run.out().contains("(dropped); idle timeout 1 s"), run.out());
  }

  @Test
  void http2StreamsOfTwoJarsEachFollowTheirOwnCookieOnOneConnection() throws Exception {
    tls = "ssl crt " + selfSignedPem() + " alpn h2,http/1.1";
    haproxy(INSERT + " secure", "cookie s1", "cookie s2"); // Secure: required over HTTPS
    Run run = probeAt("https://127.0.0.1:" + port + "/", "--cookie", "SPLSESSION", "--insecure");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("PASS  http2"), run.out());
    assertTrue(run.out().contains("interleaved streams on HTTP/2, per jar: [{s"), run.out());
    assertEquals(1, h2Connections.size(), "HTTP/2 streams came on " + h2Connections);
  }

  @Test
  void aGatewayThatOffersOnlyHttp11IsSkippedNotFailed() throws Exception {
    tls = "ssl crt " + selfSignedPem() + " alpn http/1.1";
    haproxy(INSERT + " secure", "cookie s1", "cookie s2");
    Run run = probeAt("https://127.0.0.1:" + port + "/", "--cookie", "SPLSESSION", "--insecure");
    assertEquals(0, run.status(), run.out());
    assertTrue(run.out().contains("SKIP  http2"), run.out());
    assertTrue(run.out().contains("does not speak HTTP/2 here ("), run.out());
    assertTrue(h2Connections.isEmpty(), "no request came over HTTP/2: " + h2Connections);
  }

  /** A self-signed certificate and its key for 127.0.0.1, in one PEM file as HAProxy reads it. */
  private Path selfSignedPem() throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("openssl", "version"),
        "openssl is not installed (apt-get install openssl)");
    Path key = dir.resolve("key.pem");
    Path cert = dir.resolve("cert.pem");
    Process openssl =
        new ProcessBuilder(
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "1",
                "-subj",
                "/CN=127.0.0.1",
                "-keyout",
                key.toString(),
                "-out",
                cert.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("openssl.log").toFile())
            .start();
    assertEquals(0, openssl.waitFor(), Files.readString(dir.resolve("openssl.log")));
    return Files.writeString(
        dir.resolve("haproxy.pem"), Files.readString(cert) + Files.readString(key));
  }
}
