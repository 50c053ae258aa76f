package dev.spl.cli.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Probes a live gateway the way load-balancing practice tests persistence, and names each check's
 * result with its evidence (one {@link ProbeCheck} class each, run in order over one {@link
 * ProbeSession}): a client pinned by its token (or by its address), fresh clients spread, the pin
 * per token and not per address (two source addresses by two token jars), tampered tokens answered
 * by a fresh pick, the same pin across a port group, idle expiry and fail-over. The number of
 * requests is what was asked for, each with a timeout.
 */
final class Prober {

  /**
   * A check's outcome: FAIL, INCONCLUSIVE and (with --strict) WARN fail the probe. INCONCLUSIVE:
   * the evidence cannot tell a pass from a failure (backends that do not name themselves), so
   * nothing is proven and the probe must not pass.
   */
  enum Status {
    PASS,
    WARN,
    FAIL,
    SKIP,
    INCONCLUSIVE
  }

  /** How the gateway is expected to pin: by a token it sets, or by the client's address. */
  enum Mode {
    PERSISTENCE,
    SOURCE_IP
  }

  record Check(String name, Status status, String evidence, Grid grid) {
    Check(String name, Status status, String evidence) {
      this(name, status, evidence, null);
    }
  }

  /**
   * The picture the method is about: the backend each token jar (a column) reached from each source
   * address (a row). Pinned per token, a column is one backend; per address, a row is.
   */
  record Grid(List<String> jars, List<String> addresses, List<List<String>> backends) {
    /** The grid as a text table, its columns padded to their widest cell. */
    List<String> lines() {
      List<List<String>> rows = new java.util.ArrayList<>();
      List<String> head = new java.util.ArrayList<>();
      head.add("from \\ jar");
      head.addAll(jars);
      rows.add(head);
      for (int i = 0; i < addresses.size(); i++) {
        List<String> row = new java.util.ArrayList<>();
        row.add(addresses.get(i));
        row.addAll(backends.get(i));
        rows.add(row);
      }
      int[] widths = new int[head.size()];
      for (List<String> row : rows) {
        for (int c = 0; c < row.size(); c++) {
          widths[c] = Math.max(widths[c], row.get(c).length());
        }
      }
      List<String> out = new java.util.ArrayList<>();
      for (List<String> row : rows) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < row.size(); c++) {
          line.append(c == 0 ? "" : "  ").append(String.format("%-" + widths[c] + "s", row.get(c)));
        }
        out.add(line.toString().stripTrailing());
      }
      return out;
    }
  }

  record Report(URI url, Expectation expectation, Mode mode, int requestsSent, List<Check> checks) {
    boolean passed(boolean strict) {
      return checks.stream()
          .noneMatch(
              c ->
                  c.status() == Status.FAIL
                      || c.status() == Status.INCONCLUSIVE
                      || (strict && c.status() == Status.WARN));
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

  private final Settings s;

  Prober(Settings settings) {
    this.s = settings;
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
      n += GridCheck.TRIES + 2;
      why.add("grid: " + (GridCheck.TRIES + 2));
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
      n += 2 * Http2Check.STREAMS_PER_JAR;
      why.add("http2: " + 2 * Http2Check.STREAMS_PER_JAR);
    }
    if (s.idleWait() != null) {
      n += IdleCheck.REQUESTS;
      why.add("idle: " + IdleCheck.REQUESTS);
    }
    if (s.failOver()) {
      n += 1;
      why.add("fail-over: 1");
    }
    return n;
  }

  Report run() throws Unreachable, TooFewRequests {
    ProbeSession session = new ProbeSession(s);
    try {
      session.first = session.send(s.url(), session.source(0), null);
    } catch (IOException e) {
      throw new Unreachable(
          s.url() + ": " + e.getClass().getSimpleName() + " " + String.valueOf(e.getMessage()));
    }
    List<String> why = new ArrayList<>();
    int needed = needed(s, why);
    int budget = s.requests() == AS_NEEDED ? Math.max(DEFAULT_REQUESTS, needed) : s.requests();
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
    int spare = budget - needed;
    List<ProbeCheck> chosen;
    if (s.mode() == Mode.SOURCE_IP) {
      chosen = byAddress(3 + spare / Math.max(1, s.sources().size()) / 2);
    } else {
      session.token = session.first.token(s.expect());
      int fresh = 2 + Math.min(4, spare / 3);
      chosen = byToken(2 + spare - (fresh - 2), fresh);
    }
    List<Check> checks = new ArrayList<>();
    for (ProbeCheck check : chosen) {
      checks.add(check.run(session));
    }
    session.close();
    return new Report(s.url(), s.expect(), s.mode(), session.sent, checks);
  }

  /** The checks of a token, in order: each may read what an earlier one found. */
  private List<ProbeCheck> byToken(int sticky, int fresh) {
    List<ProbeCheck> checks = new ArrayList<>();
    checks.add(new SetsPersistenceCheck());
    checks.add(new StickyCheck(sticky));
    checks.add(new SpreadCheck(fresh));
    checks.add(new CookieAttributesCheck());
    checks.add(new TokenAddressCheck());
    if (s.sources().size() > 1) {
      checks.add(new GridCheck());
    }
    if (s.tamper() && !s.expect().isHeader()) {
      checks.add(new TamperCheck());
    }
    if (!s.also().isEmpty()) {
      checks.add(new PortGroupCheck());
    }
    if (s.checksHttp2()) {
      checks.add(new Http2Check());
    }
    if (s.idleWait() != null) {
      checks.add(new IdleCheck());
    }
    checks.add(new FailOverCheck());
    return checks;
  }

  /** The checks of pinning by the client's address, in order. */
  private List<ProbeCheck> byAddress(int perSource) {
    return List.of(
        new StickyByAddressCheck(perSource),
        new SpreadByAddressCheck(),
        new GridByAddressCheck(),
        new CookieAttributesCheck(),
        new FailOverCheck());
  }
}
