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
      ProbeSession.Reply after = p.send(p.settings().url(), p.source(0), token);
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
              + " from "
              + after.backend()
              + (p.settings().mode() == Prober.Mode.SOURCE_IP
                  ? ""
                  : renewed ? ", new token" : ", no new token");
      return new Prober.Check(
          "fail-over", moved && renewed ? Prober.Status.PASS : Prober.Status.FAIL, evidence);
    } catch (IOException e) {
      return new Prober.Check(
          "fail-over", Prober.Status.FAIL, "request after the stop failed: " + e.getMessage());
    }
  }
}
