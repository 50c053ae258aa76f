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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * spl probe against Debian's nginx on loopback: ip_hash pins by address (and sets no cookie), and
 * {@code hash $cookie_sid consistent} pins by a cookie the application sets itself.
 */
@Tag("tools")
class ProbeNginxIT {
  @TempDir Path dir;
  final List<HttpServer> backends = new ArrayList<>();
  Process nginx;
  int port;

  @BeforeEach
  void backends() throws IOException {
    ToolsNeeded.require(
        Balancers.installed("nginx"), "nginx is not installed (apt-get install nginx)");
    for (String name : List.of("s1", "s2")) {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/",
          exchange -> {
            String cookie = exchange.getRequestHeaders().getFirst("Cookie");
            if (cookie == null || !cookie.contains("sid=")) {
              // the application's own session cookie
              exchange
                  .getResponseHeaders()
                  .add(
                      "Set-Cookie",
                      "sid=" + UUID.randomUUID() + "; Path=/; HttpOnly; SameSite=Lax");
            }
            Balancers.answer(exchange, 200, name, "hello from " + name);
          });
      server.start();
      backends.add(server);
    }
  }

  @AfterEach
  void stop() throws InterruptedException {
    Balancers.stop(nginx);
    backends.forEach(b -> b.stop(0));
  }

  private void nginx(String balance) throws Exception {
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    String config =
        """
        worker_processes 1;
        error_log %1$s/error.log;
        pid %1$s/nginx.pid;
        events { worker_connections 64; }
        http {
          access_log off;
          client_body_temp_path %1$s/body;
          proxy_temp_path %1$s/proxy;
          fastcgi_temp_path %1$s/fastcgi;
          uwsgi_temp_path %1$s/uwsgi;
          scgi_temp_path %1$s/scgi;
          upstream be {
            %2$s
            server 127.0.0.1:%3$d;
            server 127.0.0.1:%4$d;
          }
          server {
            listen 127.0.0.1:%5$d;
            location / { proxy_pass http://be; }
          }
        }
        """
            .formatted(
                dir,
                balance,
                backends.get(0).getAddress().getPort(),
                backends.get(1).getAddress().getPort(),
                port);
    Path file = Files.writeString(dir.resolve("nginx.conf"), config);
    nginx =
        Balancers.start(
            dir.resolve("nginx.out"),
            port,
            "nginx",
            "-p",
            dir.toString(),
            "-c",
            file.toString(),
            "-g",
            "daemon off;");
  }

  private String probe(int expectedStatus, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of("probe", "http://127.0.0.1:" + port + "/"));
    all.addAll(List.of(args));
    int status = Spl.run(all.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err));
    String text = out + err.toString();
    assertEquals(expectedStatus, status, text);
    return text;
  }

  @Test
  void ipHashPinsByAddressAndSetsNoCookie() throws Exception {
    nginx("ip_hash;");
    String byAddress = probe(0, "--mode", "source-ip");
    assertTrue(byAddress.contains("PASS  sticky-by-address"), byAddress);
    assertTrue(byAddress.contains("PASS  grid"), byAddress);
    // the grid as data too: a row per address, a backend per jar, one backend per row
    String json = probe(0, "--mode", "source-ip", "--format", "json");
    tools.jackson.databind.JsonNode grid = null;
    for (tools.jackson.databind.JsonNode c :
        tools.jackson.databind.json.JsonMapper.builder()
            .build()
            .readTree(json.substring(json.indexOf('{')))
            .get("checks")) {
      if (c.get("name").asString().equals("grid")) {
        grid = c.get("grid");
      }
    }
    assertTrue(grid != null, json);
    assertEquals(2, grid.get("jars").size(), json);
    for (tools.jackson.databind.JsonNode row : grid.get("rows")) {
      assertEquals(row.get("backends").get(0), row.get("backends").get(1), json);
    }
    // nginx hashes the first three octets: 127.0.0.1 and 127.0.0.2 share a backend
    assertTrue(byAddress.contains("SKIP  spread-by-address"), byAddress);
    String byCookie = probe(1, "--cookie", "SRV");
    assertTrue(byCookie.contains("FAIL  sets-persistence"), byCookie);
    assertTrue(byCookie.contains("FAIL  sticky"), byCookie);
  }

  @Test
  void aConsistentHashOfTheApplicationsCookiePins() throws Exception {
    nginx("hash $cookie_sid consistent;");
    String text = probe(0, "--cookie", "sid", "--requests", "30");
    // the token pins where its hash points, which need not be the backend that set it: a warning
    assertTrue(
        text.contains("PASS  sticky")
            || text.contains("WARN  sticky") && text.contains("which set it: the session starts"),
        text);
    assertTrue(text.contains("PASS  grid") || text.contains("SKIP  grid"), text);
    // a tampered sid is only another session id: hashed, never an error
    assertTrue(text.contains("tamper"), text);
    assertTrue(!text.contains("FAIL  tamper"), text);
  }
}
