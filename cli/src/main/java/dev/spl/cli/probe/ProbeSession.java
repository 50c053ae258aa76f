package dev.spl.cli.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the checks of one probe share: its settings, the connection to the gateway and what has been
 * learned so far (the first reply and its token, the fresh clients, where the token pins). The
 * checks run in the order {@link Prober} gives, each reading what the earlier ones found.
 */
final class ProbeSession {
  /** One response: who served it, and the session token it set. */
  record Reply(int status, String backend, SetCookie cookie, String headerToken) {
    String token(Expectation e) {
      return e.isHeader() ? headerToken : cookie == null ? null : cookie.value();
    }
  }

  /** A fresh client's first answer: the backend it was given and the token that pins it there. */
  record Fresh(String backend, String token) {}

  private final Prober.Settings settings;
  private final Transport transport;
  private String lastCookieName;

  /** Requests sent so far, HTTP/2 streams included. */
  int sent;

  /** The first client's reply, and the token it set (null when none). */
  Reply first;

  String token;

  /** Fresh clients met by the spread check, for the checks that need a second jar. */
  final List<Fresh> clients = new ArrayList<>();

  /** Where the first client's token pins it, once the sticky check has seen it hold. */
  String pinned;

  /** By source address, the backend requests from it went to (source-IP mode). */
  final Map<String, String> pinnedByAddress = new LinkedHashMap<>();

  /** True when every source address was pinned to one backend (source-IP mode). */
  boolean pinnedByAddressHolds;

  ProbeSession(Prober.Settings settings) {
    this.settings = settings;
    this.transport = new Transport(settings.timeout(), settings.insecure());
  }

  Prober.Settings settings() {
    return settings;
  }

  /** Where the first client is pinned: as the sticky check saw it, else where it first landed. */
  String pinnedOr(Reply first) {
    return pinned != null ? pinned : first.backend();
  }

  String backendOrError(String token, InetAddress from) {
    try {
      return send(settings.url(), from, token).backend();
    } catch (IOException e) {
      return "error: " + e.getClass().getSimpleName();
    }
  }

  Map<String, Integer> distribution(int n, String token, InetAddress from) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      seen.merge(backendOrError(token, from), 1, Integer::sum);
    }
    return seen;
  }

  /** The i-th source address, or null: as the system routes it. */
  InetAddress source(int i) {
    List<InetAddress> sources = settings.sources();
    return sources.isEmpty() ? null : sources.get(i % sources.size());
  }

  /** How the i-th source address is shown. */
  String sourceName(int i) {
    return source(i) == null ? "this host" : source(i).getHostAddress();
  }

  Reply send(URI url, InetAddress from, String token) throws IOException {
    Expectation expect = settings.expect();
    String header = null;
    String value = null;
    if (token != null) {
      if (expect.isHeader()) {
        header = expect.name();
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
      if (c.deletes()) {
        continue; // clearing a cookie pins nothing
      }
      if (expect.name() == null || expect.name().equals(c.name())) {
        cookie = c;
        break;
      }
    }
    if (cookie != null && expect.name() == null) {
      lastCookieName = cookie.name(); // "any cookie": remember which one to send back
    }
    String headerToken = expect.isHeader() ? response.first(expect.name()) : null;
    return new Reply(response.status(), backendOf(response), cookie, headerToken);
  }

  String cookieName() {
    return settings.expect().name() != null
        ? settings.expect().name()
        : lastCookieName != null ? lastCookieName : "session";
  }

  /** True when {@code backend} names a backend, not a reply that named none. */
  static boolean identifies(String backend) {
    return !backend.startsWith(UNNAMED);
  }

  private static final String UNNAMED = "(no ";

  private String backendOf(Transport.Response response) {
    if (settings.bodyHash()) {
      try {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(response.body());
        return "body:" + HexFormat.of().formatHex(digest, 0, 6);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
    String served = response.first(settings.servedBy());
    return served != null
        ? served
        : UNNAMED + settings.servedBy() + ", status " + response.status() + ")";
  }

  void close() {
    try {
      transport.close();
    } catch (IOException ignored) {
      // nothing left to send
    }
  }
}
