package dev.spl.cli.probe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Probes a live gateway the way an operator would by hand, and names each check's result with its
 * evidence. The number of requests is bounded by what was asked for, each with a timeout.
 */
final class Prober {

  enum Status {
    PASS,
    FAIL,
    SKIP
  }

  record Check(String name, Status status, String evidence) {}

  record Report(URI url, Expectation expectation, int requestsSent, List<Check> checks) {
    boolean passed() {
      return checks.stream().noneMatch(c -> c.status() == Status.FAIL);
    }
  }

  /** The URL could not be reached at all. */
  static final class Unreachable extends Exception {
    Unreachable(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * What to probe and how. {@code stop} stops the pinned backend for the fail-over check, or null.
   */
  record Settings(
      URI url,
      int requests,
      String servedBy,
      boolean bodyHash,
      Expectation expect,
      Duration timeout,
      boolean insecure,
      boolean failOver,
      Predicate<String> stop) {}

  /** One response: who served it, and the session token it set. */
  private record Reply(int status, String backend, SetCookie cookie, String headerToken) {}

  private final Settings s;
  private final HttpClient client;
  private int sent;

  Prober(Settings settings) throws Exception {
    this.s = settings;
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .connectTimeout(settings.timeout())
            .followRedirects(HttpClient.Redirect.NEVER);
    if (settings.insecure()) {
      builder.sslContext(trustAll());
    }
    this.client = builder.build(); // no CookieHandler: cookies are sent only when a check says so
  }

  Report run() throws Unreachable {
    List<Check> checks = new ArrayList<>();
    Reply first;
    try {
      first = send(null);
    } catch (IOException e) {
      throw new Unreachable(
          s.url() + ": " + e.getClass().getSimpleName() + " " + String.valueOf(e.getMessage()));
    }
    String token =
        s.expect().isHeader()
            ? first.headerToken()
            : first.cookie() == null ? null : first.cookie().value();
    String what =
        s.expect().isHeader()
            ? "header " + s.expect().name()
            : "cookie " + (s.expect().name() == null ? "(any)" : s.expect().name());
    checks.add(
        token != null
            ? new Check(
                "sets-persistence",
                Status.PASS,
                "first response sets "
                    + what
                    + " = "
                    + token
                    + " (served by "
                    + first.backend()
                    + ")")
            : new Check(
                "sets-persistence",
                Status.FAIL,
                "first response (status "
                    + first.status()
                    + ", served by "
                    + first.backend()
                    + ") sets no "
                    + what));

    int fresh = Math.max(2, Math.min(6, (s.requests() - 1) / 3));
    int sticky = Math.max(1, s.requests() - 1 - fresh - (s.failOver() ? 1 : 0));
    checks.add(stickiness(token, first, sticky));
    checks.add(spread(fresh));
    checks.add(attributes(first));
    checks.add(leak(token));
    checks.add(failOver(token, first));
    return new Report(s.url(), s.expect(), sent, checks);
  }

  private Check stickiness(String token, Reply first, int n) {
    if (token == null) {
      Map<String, Integer> seen = distribution(n, null);
      return new Check(
          "sticky",
          Status.FAIL,
          "no session token to send back; " + n + " requests went to " + seen);
    }
    Map<String, Integer> seen = distribution(n, token);
    boolean one = seen.size() == 1 && seen.containsKey(first.backend());
    return new Check(
        "sticky",
        one ? Status.PASS : Status.FAIL,
        n
            + " requests with the token went to "
            + seen
            + (one ? "" : ", not only " + first.backend()));
  }

  private Check spread(int n) {
    Map<String, Integer> seen = distribution(n, null);
    if (seen.size() > 1) {
      return new Check("spread", Status.PASS, n + " fresh clients went to " + seen);
    }
    return new Check(
        "spread", Status.SKIP, "only one backend answered " + n + " fresh clients: " + seen);
  }

  private Check attributes(Reply first) {
    if (s.expect().isHeader()) {
      return new Check("cookie-attributes", Status.SKIP, "header persistence sets no cookie");
    }
    SetCookie c = first.cookie();
    if (c == null) {
      return new Check("cookie-attributes", Status.FAIL, "no cookie to check");
    }
    List<String> problems = new ArrayList<>();
    String expectedPath = s.expect().path() == null ? "/" : s.expect().path();
    if (!expectedPath.equals(c.get("path"))) {
      problems.add(
          "Path is "
              + (c.has("path") ? "\"" + c.get("path") + "\"" : "missing")
              + ", expected \""
              + expectedPath
              + "\"");
    }
    boolean expires = c.has("max-age") || c.has("expires");
    if (s.expect().isPermanent() && !expires) {
      problems.add("a Permanent cookie needs Max-Age or Expires");
    } else if (!s.expect().isPermanent() && expires) {
      problems.add("a Session cookie must not carry Max-Age/Expires");
    }
    if (s.expect().isPermanent()
        && s.expect().absoluteTimeoutSeconds() != null
        && c.has("max-age")
        && !String.valueOf(s.expect().absoluteTimeoutSeconds()).equals(c.get("max-age"))) {
      problems.add(
          "Max-Age is "
              + c.get("max-age")
              + ", expected "
              + s.expect().absoluteTimeoutSeconds()
              + " (absoluteTimeout)");
    }
    if ("https".equalsIgnoreCase(s.url().getScheme()) && !c.has("secure")) {
      problems.add("no Secure on an HTTPS cookie");
    }
    if (!c.has("httponly")) {
      problems.add("no HttpOnly");
    }
    if (!c.has("samesite")) {
      problems.add("no SameSite");
    }
    return problems.isEmpty()
        ? new Check("cookie-attributes", Status.PASS, "Set-Cookie attributes " + c.attributes())
        : new Check("cookie-attributes", Status.FAIL, String.join("; ", problems));
  }

  private Check leak(String token) {
    if (token == null) {
      return new Check("no-address-in-token", Status.SKIP, "no token");
    }
    String found = AddressLeak.find(token);
    return found == null
        ? new Check("no-address-in-token", Status.PASS, "token reveals no address")
        : new Check(
            "no-address-in-token", Status.FAIL, "token reveals a backend address: " + found);
  }

  private Check failOver(String token, Reply first) {
    if (!s.failOver()) {
      return new Check("fail-over", Status.SKIP, "not requested (--fail-over)");
    }
    if (token == null) {
      return new Check("fail-over", Status.FAIL, "no session to fail over");
    }
    if (!s.stop().test(first.backend())) {
      return new Check(
          "fail-over", Status.FAIL, "the pinned backend " + first.backend() + " was not stopped");
    }
    try {
      Reply after = send(token);
      boolean moved = after.status() < 500 && !first.backend().equals(after.backend());
      boolean renewed =
          s.expect().isHeader()
              ? after.headerToken() != null
              : after.cookie() != null && !token.equals(after.cookie().value());
      String evidence =
          "after stopping "
              + first.backend()
              + ": status "
              + after.status()
              + " from "
              + after.backend()
              + (renewed ? ", new token" : ", no new token");
      return new Check("fail-over", moved && renewed ? Status.PASS : Status.FAIL, evidence);
    } catch (IOException e) {
      return new Check(
          "fail-over", Status.FAIL, "request after the stop failed: " + e.getMessage());
    }
  }

  private Map<String, Integer> distribution(int n, String token) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String backend;
      try {
        backend = send(token).backend();
      } catch (IOException e) {
        backend = "error: " + e.getClass().getSimpleName();
      }
      seen.merge(backend, 1, Integer::sum);
    }
    return seen;
  }

  private Reply send(String token) throws IOException {
    HttpRequest.Builder request = HttpRequest.newBuilder(s.url()).timeout(s.timeout()).GET();
    if (token != null) {
      if (s.expect().isHeader()) {
        request.header(s.expect().name(), token);
      } else {
        request.header("Cookie", cookieName() + "=" + token);
      }
    }
    sent++;
    HttpResponse<byte[]> response;
    try {
      response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    SetCookie cookie = null;
    for (String header : response.headers().allValues("set-cookie")) {
      SetCookie c = SetCookie.parse(header);
      if (s.expect().name() == null || s.expect().name().equals(c.name())) {
        cookie = c;
        break;
      }
    }
    if (cookie != null && s.expect().name() == null) {
      lastCookieName = cookie.name(); // "any cookie": remember which one to send back
    }
    String headerToken =
        s.expect().isHeader()
            ? response.headers().firstValue(s.expect().name()).orElse(null)
            : null;
    return new Reply(response.statusCode(), backendOf(response), cookie, headerToken);
  }

  private String lastCookieName;

  private String cookieName() {
    return s.expect().name() != null ? s.expect().name() : lastCookieName;
  }

  private String backendOf(HttpResponse<byte[]> response) {
    if (s.bodyHash()) {
      try {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(response.body());
        return "body:" + HexFormat.of().formatHex(digest, 0, 6);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
    Optional<String> served = response.headers().firstValue(s.servedBy());
    return served.orElse("(no " + s.servedBy() + ", status " + response.statusCode() + ")");
  }

  private static SSLContext trustAll() throws Exception {
    System.setProperty("jdk.internal.httpclient.disableHostnameVerification", "true");
    TrustManager trustAll =
        new X509TrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
          }
        };
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, new TrustManager[] {trustAll}, null);
    return ctx;
  }
}
