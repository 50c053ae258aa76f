package dev.spl.cli.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.spl.cli.Spl;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tamper check against a gateway that trusts its cookie: the cookie is a plain {@code
 * base64(ip:port)} of the backend and is routed to as it says. A forged address lets the client
 * pick its backend, a flipped byte breaks the gateway: both must fail the probe.
 */
class ProbeTamperIT {
  final List<HttpServer> servers = new ArrayList<>();
  final List<InetSocketAddress> backends = new ArrayList<>();
  final AtomicInteger next = new AtomicInteger();
  int port;

  @BeforeEach
  void start() throws IOException {
    for (String name : List.of("s1", "s2")) {
      HttpServer backend = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      backend.createContext("/", exchange -> answer(exchange, 200, name, "hello from " + name));
      backend.start();
      servers.add(backend);
      backends.add(backend.getAddress());
    }
    HttpServer gateway = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    gateway.createContext("/", this::route);
    gateway.start();
    servers.add(gateway);
    port = gateway.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    servers.forEach(s -> s.stop(0));
  }

  /** Routes by the GW cookie, trusting whatever address it names; else picks and sets one. */
  private void route(HttpExchange exchange) throws IOException {
    String cookie = exchange.getRequestHeaders().getFirst("Cookie");
    String target;
    boolean fresh = cookie == null || !cookie.startsWith("GW=");
    if (fresh) {
      InetSocketAddress b = backends.get(next.getAndIncrement() % backends.size());
      target = "127.0.0.1:" + b.getPort();
    } else {
      try {
        target =
            new String(
                Base64.getDecoder().decode(cookie.substring(3)), StandardCharsets.ISO_8859_1);
      } catch (IllegalArgumentException e) {
        answer(exchange, 502, "gateway", "bad cookie");
        return;
      }
    }
    try {
      HttpURLConnection c = (HttpURLConnection) new URL("http://" + target + "/").openConnection();
      c.setConnectTimeout(500);
      c.setReadTimeout(1000);
      String servedBy = c.getHeaderField("X-Served-By");
      String body = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (fresh) {
        exchange
            .getResponseHeaders()
            .add(
                "Set-Cookie",
                "GW="
                    + Base64.getEncoder().encodeToString(target.getBytes(StandardCharsets.UTF_8))
                    + "; Path=/; HttpOnly; SameSite=Lax");
      }
      answer(exchange, 200, servedBy, body);
    } catch (IOException | IllegalArgumentException e) {
      answer(exchange, 502, "gateway", "cannot reach " + target);
    }
  }

  private static void answer(HttpExchange exchange, int status, String servedBy, String text)
      throws IOException {
    Balancers.answer(exchange, status, servedBy, text);
  }

  @Test
  void aGatewayThatTrustsAnAddressInItsCookieFailsTamper() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        Spl.run(
            new String[] {"probe", "http://127.0.0.1:" + port + "/", "--cookie", "GW"},
            new PrintWriter(out),
            new PrintWriter(err));
    String text = out + err.toString();
    assertEquals(1, status, text);
    assertTrue(text.contains("PASS  sticky"), text);
    assertTrue(text.contains("FAIL  no-address-in-token"), text);
    assertTrue(text.contains("FAIL  tamper"), text);
    assertTrue(text.contains("address set to 127.0.0.1:"), text);
    assertTrue(text.contains("the client picked the backend by editing the token"), text);
  }
}
