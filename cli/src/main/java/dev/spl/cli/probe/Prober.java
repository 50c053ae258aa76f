package dev.spl.cli.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Probes a live gateway the way load-balancing practice tests persistence, and names each check's
 * result with its evidence: a client pinned by its token (or by its address), fresh clients spread,
 * the pin per token and not per address (two source addresses by two token jars), tampered tokens
 * answered by a fresh pick, the same pin across a port group, idle expiry and fail-over. The number
 * of requests is what was asked for, each with a timeout.
 */
final class Prober {

  /** A check's outcome: FAIL and (with --strict) WARN fail the probe. */
  enum Status {
    PASS,
    WARN,
    FAIL,
    SKIP
  }

  /** How the gateway is expected to pin: by a token it sets, or by the client's address. */
  enum Mode {
    PERSISTENCE,
    SOURCE_IP
  }

  record Check(String name, Status status, String evidence) {}

  record Report(URI url, Expectation expectation, Mode mode, int requestsSent, List<Check> checks) {
    boolean passed(boolean strict) {
      return checks.stream()
          .noneMatch(c -> c.status() == Status.FAIL || (strict && c.status() == Status.WARN));
    }

    long count(Status status) {
      return checks.stream().filter(c -> c.status() == status).count();
    }
  }

  /** The URL could not be reached at all. */
  static final class Unreachable extends Exception {
    Unreachable(String message) {
      super(message, null, false, false);
    }
  }

  /** Fewer requests than the chosen checks need. */
  static final class TooFewRequests extends Exception {
    TooFewRequests(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * What to probe and how. {@code stop} stops the pinned backend for the fail-over check, or null;
   * {@code sources} the local addresses to send from (two or more make the grid); {@code also} URLs
   * of the same application (a port group) that must honour the same pin.
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
      Predicate<String> stop,
      Mode mode,
      List<InetAddress> sources,
      boolean tamper,
      List<URI> also,
      Duration idleWait,
      boolean http2) {

    /** The HTTP/2 check runs when asked for, or on any https URL (a gateway may offer h2). */
    boolean checksHttp2() {
      return http2 || "https".equalsIgnoreCase(url.getScheme());
    }
  }

  /** One response: who served it, and the session token it set. */
  private record Reply(int status, String backend, SetCookie cookie, String headerToken) {
    String token(Expectation e) {
      return e.isHeader() ? headerToken : cookie == null ? null : cookie.value();
    }
  }

  /** A fresh client's first answer: the backend it was given and the token that pins it there. */
  private record Fresh(String backend, String token) {}

  private final Settings s;
  private final Transport transport;
  private int sent;

  /** The requests this run may send: --requests, or 20 or what the checks need when not given. */
  private int budget;

  private String lastCookieName;

  /** Where the first client's token pins it, once the sticky check has seen it hold. */
  private String pinned;

  Prober(Settings settings) {
    this.s = settings;
    this.transport = new Transport(settings.timeout(), settings.insecure());
  }

  /** {@code requests} when --requests is not given: 20, or what the chosen checks need. */
  static final int AS_NEEDED = -1;

  static final int DEFAULT_REQUESTS = 20;

  /** The requests the chosen checks need at least, and which they are. */
  static int needed(Settings s, List<String> why) {
    int n = 1;
    if (s.mode() == Mode.SOURCE_IP) {
      int perSource = 3;
      n += perSource * Math.max(1, s.sources().size()) + 2 * Math.max(1, s.sources().size());
      why.add("sticky-by-address and grid: " + (n - 1));
      if (s.failOver()) {
        n += 1;
        why.add("fail-over: 1");
      }
      return n;
    }
    n += 2 + 2;
    why.add("sticky and spread: 4");
    if (s.sources().size() > 1) {
      n += GRID_TRIES + 2;
      why.add("grid: " + (GRID_TRIES + 2));
    }
    if (s.tamper() && !s.expect().isHeader()) {
      n += 3;
      why.add("tamper: 3");
    }
    if (!s.also().isEmpty()) {
      n += s.also().size();
      why.add("port group: " + s.also().size());
    }
    if (s.checksHttp2()) {
      n += 2 * H2_STREAMS_PER_JAR;
      why.add("http2: " + 2 * H2_STREAMS_PER_JAR);
    }
    if (s.idleWait() != null) {
      n += IDLE_REQUESTS;
      why.add("idle: " + IDLE_REQUESTS);
    }
    if (s.failOver()) {
      n += 1;
      why.add("fail-over: 1");
    }
    return n;
  }

  Report run() throws Unreachable, TooFewRequests {
    Reply first;
    try {
      first = send(s.url(), source(0), null);
    } catch (IOException e) {
      throw new Unreachable(
          s.url() + ": " + e.getClass().getSimpleName() + " " + String.valueOf(e.getMessage()));
    }
    List<String> why = new ArrayList<>();
    int needed = needed(s, why);
    budget = s.requests() == AS_NEEDED ? Math.max(DEFAULT_REQUESTS, needed) : s.requests();
    if (budget < needed) {
      throw new TooFewRequests(
          "--requests "
              + s.requests()
              + " is too few for the checks chosen ("
              + String.join(", ", why)
              + ", and 1 first request); use --requests "
              + needed
              + " or more");
    }
    List<Check> checks =
        s.mode() == Mode.SOURCE_IP ? byAddress(first, needed) : byToken(first, needed);
    try {
      transport.close();
    } catch (IOException ignored) {
      // nothing left to send
    }
    return new Report(s.url(), s.expect(), s.mode(), sent, checks);
  }

  private List<Check> byToken(Reply first, int needed) {
    List<Check> checks = new ArrayList<>();
    String token = first.token(s.expect());
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
    int spare = budget - needed;
    int fresh = 2 + Math.min(4, spare / 3);
    int sticky = 2 + spare - (fresh - 2);
    checks.add(stickiness(token, first, sticky));
    List<Fresh> clients = new ArrayList<>();
    checks.add(spread(fresh, clients));
    checks.add(attributes(first));
    checks.add(leak(token));
    if (s.sources().size() > 1) {
      checks.add(grid(token, clients));
    }
    if (s.tamper() && !s.expect().isHeader()) {
      checks.add(tamper(token, clients));
    }
    if (!s.also().isEmpty()) {
      checks.add(portGroup(token, first));
    }
    if (s.checksHttp2()) {
      checks.add(http2(token, clients));
    }
    if (s.idleWait() != null) {
      checks.add(idle(token, first));
    }
    checks.add(failOver(token, first));
    return checks;
  }

  private Check stickiness(String token, Reply first, int n) {
    if (token == null) {
      Map<String, Integer> seen = distribution(n, null, source(0));
      return new Check(
          "sticky",
          Status.FAIL,
          "no session token to send back; " + n + " requests went to " + seen);
    }
    Map<String, Integer> seen = distribution(n, token, source(0));
    if (seen.size() != 1) {
      return new Check(
          "sticky",
          Status.FAIL,
          n + " requests with the token went to " + seen + ", not one backend");
    }
    pinned = seen.keySet().iterator().next();
    if (!pinned.equals(first.backend())) {
      // A gateway that hashes a token the application set: the pin holds, but not where the
      // session began.
      return new Check(
          "sticky",
          Status.WARN,
          n
              + " requests with the token all went to "
              + pinned
              + ", not to "
              + first.backend()
              + ", which set it: the session starts on one backend and stays on another");
    }
    return new Check("sticky", Status.PASS, n + " requests with the token went to " + seen);
  }

  private Check spread(int n, List<Fresh> clients) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      try {
        Reply r = send(s.url(), source(0), null);
        seen.merge(r.backend(), 1, Integer::sum);
        clients.add(new Fresh(r.backend(), r.token(s.expect())));
      } catch (IOException e) {
        seen.merge("error: " + e.getClass().getSimpleName(), 1, Integer::sum);
      }
    }
    if (seen.size() > 1) {
      return new Check("spread", Status.PASS, n + " fresh clients went to " + seen);
    }
    return new Check(
        "spread", Status.SKIP, "only one backend answered " + n + " fresh clients: " + seen);
  }

  /**
   * Two token jars from two addresses: each jar keeps its backend from either address, so the pin
   * is per token; and the jars from one address landed on different backends, so it is not per
   * address.
   */
  private Check grid(String token, List<Fresh> clients) {
    if (token == null || pinned == null) {
      return new Check("grid", Status.SKIP, "no token that pins");
    }
    // a second jar pinned elsewhere: fresh clients' tokens, tried from the first address
    String a1 = source(0).getHostAddress();
    String a2 = source(1).getHostAddress();
    Fresh other = null;
    String otherPinned = null;
    int tries = 0;
    for (Fresh c : clients) {
      if (c.token() == null || c.token().equals(token) || tries == GRID_TRIES) {
        continue;
      }
      tries++;
      String b = backendOrError(c.token(), source(0));
      if (!b.equals(pinned) && !b.startsWith("error")) {
        other = c;
        otherPinned = b;
        break;
      }
    }
    if (other == null) {
      return new Check(
          "grid", Status.SKIP, "the jars tried all pinned to " + pinned + "; one backend only");
    }
    Map<String, String> cells = new LinkedHashMap<>();
    cells.put("jar 1 from " + a1, pinned);
    cells.put("jar 2 from " + a1, otherPinned);
    cells.put("jar 1 from " + a2, backendOrError(token, source(1)));
    cells.put("jar 2 from " + a2, backendOrError(other.token(), source(1)));
    boolean perToken =
        pinned.equals(cells.get("jar 1 from " + a2))
            && otherPinned.equals(cells.get("jar 2 from " + a2));
    return new Check(
        "grid",
        perToken ? Status.PASS : Status.FAIL,
        (perToken ? "pinned per token, not per address: " : "not pinned per token: ") + cells);
  }

  /** Fresh clients' tokens tried for a second jar pinned elsewhere. */
  static final int GRID_TRIES = 2;

  /**
   * Modified tokens must never be a server error; a fresh pick (a new token) is right. A token that
   * names a backend's address must not let the client pick one by editing it.
   */
  private Check tamper(String token, List<Fresh> clients) {
    if (token == null || token.isEmpty()) {
      return new Check("tamper", Status.SKIP, "no session token");
    }
    Map<String, String> variants = new LinkedHashMap<>();
    variants.put("one byte flipped", flip(token));
    variants.put("truncated", token.substring(0, Math.max(1, token.length() / 2)));
    String forgedTo = null;
    String ours = AddressLeak.address(token);
    if (ours != null) {
      for (Fresh c : clients) {
        String theirs = c.token() == null ? null : AddressLeak.address(c.token());
        if (theirs != null && !theirs.equals(ours)) {
          forgedTo = c.backend();
          variants.put("address set to " + theirs, AddressLeak.replace(token, ours, theirs));
          break;
        }
      }
    }
    List<String> evidence = new ArrayList<>();
    Status status = Status.PASS;
    for (Map.Entry<String, String> v : variants.entrySet()) {
      try {
        Reply r = send(s.url(), source(0), v.getValue());
        String fresh = r.token(s.expect());
        boolean renewed = fresh != null && !fresh.equals(v.getValue());
        evidence.add(
            v.getKey()
                + ": "
                + r.status()
                + " from "
                + r.backend()
                + (renewed ? ", new token" : ", no new token"));
        if (r.status() >= 500) {
          status = Status.FAIL;
        } else if (v.getKey().startsWith("address set to")
            && r.backend().equals(forgedTo)
            && !renewed) {
          evidence.add("the client picked the backend by editing the token");
          status = Status.FAIL;
        } else if (!renewed && status == Status.PASS) {
          status = Status.WARN; // not re-pinned: the invalid token was silently ignored
        }
      } catch (IOException e) {
        evidence.add(v.getKey() + ": " + e.getClass().getSimpleName());
        status = Status.FAIL;
      }
    }
    return new Check("tamper", status, String.join("; ", evidence));
  }

  private static String flip(String token) {
    char last = token.charAt(token.length() - 1);
    char other = last == 'A' ? 'B' : last == '0' ? '1' : Character.isDigit(last) ? '0' : 'A';
    return token.substring(0, token.length() - 1) + other;
  }

  /** The token, sent to the other URLs of the application, keeps the backend. */
  private Check portGroup(String token, Reply first) {
    if (token == null) {
      return new Check("port-group", Status.SKIP, "no session token");
    }
    Map<String, String> seen = new LinkedHashMap<>();
    for (URI u : s.also()) {
      try {
        seen.put(u.toString(), send(u, source(0), token).backend());
      } catch (IOException e) {
        seen.put(u.toString(), "error: " + e.getClass().getSimpleName());
      }
    }
    String at = pinnedOr(first);
    boolean same = seen.values().stream().allMatch(b -> b.equals(at));
    return new Check(
        "port-group",
        same ? Status.PASS : Status.FAIL,
        "pinned to " + at + " at " + s.url() + "; with its token " + seen);
  }

  static final int H2_STREAMS_PER_JAR = 3;

  /**
   * Under HTTP/2 a browser multiplexes its requests on one connection, so persistence must be
   * applied per request: streams of two jars, interleaved on one connection, each follow their own
   * token. SKIP when the gateway does not negotiate HTTP/2.
   */
  private Check http2(String token, List<Fresh> clients) {
    if (token == null || pinned == null) {
      return new Check("http2", Status.SKIP, "no token that pins");
    }
    Fresh other =
        clients.stream()
            .filter(c -> c.token() != null && !c.token().equals(token))
            .findFirst()
            .orElse(null);
    List<String> jars = new ArrayList<>(List.of(token));
    if (other != null) {
      jars.add(other.token());
    }
    H2Streams.Result result;
    try {
      result =
          H2Streams.interleaved(
              s.url(),
              jars,
              H2_STREAMS_PER_JAR,
              s.expect().isHeader() ? s.expect().name() : "Cookie",
              s.expect().isHeader() ? "" : cookieName() + "=",
              s.servedBy(),
              s.timeout(),
              s.insecure());
    } catch (IOException e) {
      return new Check("http2", Status.FAIL, "HTTP/2 requests failed: " + e.getMessage());
    }
    sent += result.sent();
    if (!result.negotiated()) {
      return new Check(
          "http2", Status.SKIP, "the gateway answered over " + result.version() + ", not HTTP/2");
    }
    boolean first = result.byJar().get(0).keySet().equals(java.util.Set.of(pinned));
    boolean own = result.byJar().stream().allMatch(m -> m.size() == 1);
    return new Check(
        "http2",
        first && own ? Status.PASS : Status.FAIL,
        result.sent()
            + " interleaved streams on HTTP/2, per jar: "
            + result.byJar()
            + (first && own ? "" : "; a stream did not follow its own token"));
  }

  /**
   * After an idle wait the pin is kept, or dropped when the wait is past the idle timeout: the old
   * token then pins nothing, so requests with it are balanced afresh (seen when one lands
   * elsewhere).
   */
  private Check idle(String token, Reply first) {
    if (token == null) {
      return new Check("idle-timeout", Status.SKIP, "no session token");
    }
    Long limit = s.expect().idleTimeoutSeconds();
    boolean expectDropped = limit != null && s.idleWait().toSeconds() > limit;
    try {
      Thread.sleep(s.idleWait().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Check("idle-timeout", Status.SKIP, "interrupted");
    }
    Map<String, Integer> seen = distribution(IDLE_REQUESTS, token, source(0));
    boolean kept = seen.size() == 1 && seen.containsKey(pinnedOr(first));
    String evidence =
        "after "
            + s.idleWait().toSeconds()
            + " s idle the token went to "
            + seen
            + (kept ? " (kept)" : " (dropped)")
            + (limit == null ? "; no idle timeout known" : "; idle timeout " + limit + " s");
    if (limit == null) {
      return new Check("idle-timeout", Status.SKIP, evidence);
    }
    return new Check("idle-timeout", expectDropped != kept ? Status.PASS : Status.FAIL, evidence);
  }

  static final int IDLE_REQUESTS = 2;

  private List<Check> byAddress(Reply first, int needed) {
    List<Check> checks = new ArrayList<>();
    int per = 3 + (budget - needed) / Math.max(1, s.sources().size()) / 2;
    Map<String, String> pinned = new LinkedHashMap<>();
    List<String> evidence = new ArrayList<>();
    boolean sticky = true;
    for (int i = 0; i < Math.max(1, s.sources().size()); i++) {
      Map<String, Integer> seen = distribution(per, null, source(i));
      String from = source(i) == null ? "this host" : source(i).getHostAddress();
      evidence.add(from + ": " + seen);
      sticky &= seen.size() == 1;
      pinned.put(from, seen.keySet().iterator().next());
    }
    checks.add(
        new Check(
            "sticky-by-address",
            sticky ? Status.PASS : Status.FAIL,
            "requests without a token, per source address: " + evidence));
    checks.add(
        !sticky
            ? new Check("spread-by-address", Status.SKIP, "addresses are not pinned")
            : pinned.size() < 2
                ? new Check("spread-by-address", Status.SKIP, "one source address; give two")
                : new java.util.HashSet<>(pinned.values()).size() > 1
                    ? new Check("spread-by-address", Status.PASS, "addresses went to " + pinned)
                    : new Check(
                        "spread-by-address",
                        Status.SKIP,
                        "both addresses went to one backend (may happen): " + pinned));
    // two token jars from one address: the address decides, not the jar
    List<String> cells = new ArrayList<>();
    boolean byAddress = true;
    for (int i = 0; i < Math.max(1, s.sources().size()); i++) {
      String from = source(i) == null ? "this host" : source(i).getHostAddress();
      for (String jar : List.of("jar-1", "jar-2")) {
        String b = backendOrError(jar, source(i));
        cells.add(jar + " from " + from + ": " + b);
        byAddress &= b.equals(pinned.get(from));
      }
    }
    checks.add(
        new Check(
            "grid",
            byAddress ? Status.PASS : Status.FAIL,
            (byAddress ? "pinned per address, whatever the token: " : "not pinned per address: ")
                + cells));
    checks.add(attributes(first));
    checks.add(failOver(null, first));
    return checks;
  }

  private Check attributes(Reply first) {
    if (s.expect().isHeader() || s.mode() == Mode.SOURCE_IP) {
      return new Check("cookie-attributes", Status.SKIP, "no cookie persistence expected");
    }
    SetCookie c = first.cookie();
    if (c == null) {
      return new Check("cookie-attributes", Status.FAIL, "no cookie to check");
    }
    List<String> failures = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    String expectedPath = s.expect().path() == null ? "/" : s.expect().path();
    if (!expectedPath.equals(c.get("path"))) {
      failures.add(
          "Path is "
              + (c.has("path") ? "\"" + c.get("path") + "\"" : "missing")
              + ", expected \""
              + expectedPath
              + "\"");
    }
    boolean expires = c.has("max-age") || c.has("expires");
    if (s.expect().isPermanent() && !expires) {
      failures.add("a Permanent cookie needs Max-Age or Expires");
    } else if (!s.expect().isPermanent() && expires) {
      failures.add("a Session cookie must not carry Max-Age/Expires");
    }
    if (s.expect().isPermanent()
        && s.expect().absoluteTimeoutSeconds() != null
        && c.has("max-age")
        && !String.valueOf(s.expect().absoluteTimeoutSeconds()).equals(c.get("max-age"))) {
      failures.add(
          "Max-Age is "
              + c.get("max-age")
              + ", expected "
              + s.expect().absoluteTimeoutSeconds()
              + " (absoluteTimeout)");
    }
    if ("https".equalsIgnoreCase(s.url().getScheme()) && !c.has("secure")) {
      failures.add("no Secure on an HTTPS cookie");
    }
    // Neither GEP-1619 nor the practice requires these; browsers treat a missing SameSite as Lax.
    if (!c.has("httponly")) {
      warnings.add("no HttpOnly (scripts can read the session token)");
    }
    if (!c.has("samesite")) {
      warnings.add("no SameSite (browsers use Lax)");
    }
    List<String> all = new ArrayList<>(failures);
    all.addAll(warnings);
    if (all.isEmpty()) {
      return new Check("cookie-attributes", Status.PASS, "Set-Cookie attributes " + c.attributes());
    }
    return new Check(
        "cookie-attributes",
        failures.isEmpty() ? Status.WARN : Status.FAIL,
        String.join("; ", all) + " (" + c.attributes() + ")");
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
    if (token == null && s.mode() == Mode.PERSISTENCE) {
      return new Check("fail-over", Status.FAIL, "no session to fail over");
    }
    String at = pinnedOr(first);
    if (!s.stop().test(at)) {
      return new Check("fail-over", Status.FAIL, "the pinned backend " + at + " was not stopped");
    }
    try {
      Reply after = send(s.url(), source(0), token);
      boolean moved = after.status() < 500 && !at.equals(after.backend());
      boolean renewed =
          s.mode() == Mode.SOURCE_IP
              || (s.expect().isHeader()
                  ? after.headerToken() != null
                  : after.cookie() != null && !token.equals(after.cookie().value()));
      String evidence =
          "after stopping "
              + at
              + ": status "
              + after.status()
              + " from "
              + after.backend()
              + (s.mode() == Mode.SOURCE_IP ? "" : renewed ? ", new token" : ", no new token");
      return new Check("fail-over", moved && renewed ? Status.PASS : Status.FAIL, evidence);
    } catch (IOException e) {
      return new Check(
          "fail-over", Status.FAIL, "request after the stop failed: " + e.getMessage());
    }
  }

  /** Where the first client is pinned: as the sticky check saw it, else where it first landed. */
  private String pinnedOr(Reply first) {
    return pinned != null ? pinned : first.backend();
  }

  private String backendOrError(String token, InetAddress from) {
    try {
      return send(s.url(), from, token).backend();
    } catch (IOException e) {
      return "error: " + e.getClass().getSimpleName();
    }
  }

  private Map<String, Integer> distribution(int n, String token, InetAddress from) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      seen.merge(backendOrError(token, from), 1, Integer::sum);
    }
    return seen;
  }

  /** The i-th source address, or null: as the system routes it. */
  private InetAddress source(int i) {
    return s.sources().isEmpty() ? null : s.sources().get(i % s.sources().size());
  }

  private Reply send(URI url, InetAddress from, String token) throws IOException {
    String header = null;
    String value = null;
    if (token != null) {
      if (s.expect().isHeader()) {
        header = s.expect().name();
        value = token;
      } else {
        header = "Cookie";
        value = cookieName() + "=" + token;
      }
    }
    sent++;
    Transport.Response response = transport.get(url, from, header, value);
    SetCookie cookie = null;
    for (String h : response.all("set-cookie")) {
      SetCookie c = SetCookie.parse(h);
      if (s.expect().name() == null || s.expect().name().equals(c.name())) {
        cookie = c;
        break;
      }
    }
    if (cookie != null && s.expect().name() == null) {
      lastCookieName = cookie.name(); // "any cookie": remember which one to send back
    }
    String headerToken = s.expect().isHeader() ? response.first(s.expect().name()) : null;
    return new Reply(response.status(), backendOf(response), cookie, headerToken);
  }

  private String cookieName() {
    return s.expect().name() != null
        ? s.expect().name()
        : lastCookieName != null ? lastCookieName : "session";
  }

  private String backendOf(Transport.Response response) {
    if (s.bodyHash()) {
      try {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(response.body());
        return "body:" + HexFormat.of().formatHex(digest, 0, 6);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
    String served = response.first(s.servedBy());
    return served != null ? served : "(no " + s.servedBy() + ", status " + response.status() + ")";
  }
}
