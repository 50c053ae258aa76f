package dev.spl.cli.probe;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Under HTTP/2 a browser multiplexes its requests on one connection, so persistence must be applied
 * per request: streams of two jars, interleaved on one connection, each follow their own token.
 * SKIP when the gateway does not negotiate HTTP/2.
 */
final class Http2Check implements ProbeCheck {
  static final int STREAMS_PER_JAR = 3;

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    List<ProbeSession.Fresh> clients = p.clients;
    if (token == null || p.pinned == null) {
      return new Prober.Check("http2", Prober.Status.SKIP, "no token that pins");
    }
    ProbeSession.Fresh other =
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
              p.settings().url(),
              jars,
              STREAMS_PER_JAR,
              p.settings().expect().isHeader() ? p.settings().expect().name() : "Cookie",
              p.settings().expect().isHeader() ? "" : p.cookieName() + "=",
              p.settings().servedBy(),
              p.settings().timeout(),
              p.settings().insecure());
    } catch (IOException e) {
      return new Prober.Check(
          "http2", Prober.Status.FAIL, "HTTP/2 requests failed: " + e.getMessage());
    }
    p.sent += result.sent();
    if (!result.negotiated()) {
      return new Prober.Check(
          "http2",
          Prober.Status.SKIP,
          "the gateway does not speak HTTP/2 here (" + result.whyNot() + ")");
    }
    boolean first = result.byJar().get(0).keySet().equals(java.util.Set.of(p.pinned));
    boolean own = result.byJar().stream().allMatch(m -> m.size() == 1);
    return new Prober.Check(
        "http2",
        first && own ? Prober.Status.PASS : Prober.Status.FAIL,
        result.sent()
            + " interleaved streams on HTTP/2, per jar: "
            + result.byJar()
            + (first && own ? "" : "; a stream did not follow its own token"));
  }
}
