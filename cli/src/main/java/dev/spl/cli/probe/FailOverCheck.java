package dev.spl.cli.probe;

import java.io.IOException;

/**
 * With --fail-over: the pinned backend is stopped, and the next request with the token is served
 * elsewhere and re-pinned.
 */
final class FailOverCheck implements ProbeCheck {

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    ProbeSession.Reply first = p.first;
    if (!p.settings().failOver()) {
      return new Prober.Check("fail-over", Prober.Status.SKIP, "not requested (--fail-over)");
    }
    if (token == null && p.settings().mode() == Prober.Mode.PERSISTENCE) {
      return new Prober.Check("fail-over", Prober.Status.FAIL, "no session to fail over");
    }
    String at = p.pinnedOr(first);
    if (!p.settings().stop().test(at)) {
      return new Prober.Check(
          "fail-over", Prober.Status.FAIL, "the pinned backend " + at + " was not stopped");
    }
    try {
      ProbeSession.Reply after;
      String retried = "";
      try {
        after = p.send(p.settings().url(), p.source(0), token);
      } catch (IOException stale) {
        // The gateway may close its kept-alive connections when a backend goes; a browser sends
        // an idempotent GET again on a new one, and so does the probe, once.
        after = p.send(p.settings().url(), p.source(0), token);
        retried = " (sent again on a new connection: the kept-alive one was closed)";
      }
      boolean moved = after.status() < 500 && !at.equals(after.backend());
      boolean renewed =
          p.settings().mode() == Prober.Mode.SOURCE_IP
              || (p.settings().expect().isHeader()
                  ? after.headerToken() != null
                  : after.cookie() != null && !token.equals(after.cookie().value()));
      String evidence =
          "after stopping "
              + at
              + ": status "
              + after.status()
              + (after.status() >= 500 && after.backend().startsWith("(no ")
                  ? " from the gateway itself (no backend named it)"
                  : " from " + after.backend())
              + (p.settings().mode() == Prober.Mode.SOURCE_IP
                  ? ""
                  : renewed ? ", new token" : ", no new token")
              + retried;
      return new Prober.Check(
          "fail-over", moved && renewed ? Prober.Status.PASS : Prober.Status.FAIL, evidence);
    } catch (IOException e) {
      return new Prober.Check(
          "fail-over",
          Prober.Status.FAIL,
          "no answer after the stop, on a kept-alive connection nor on a new one: "
              + e.getMessage());
    }
  }
}
