package dev.spl.cli.probe;

import java.util.Map;

/** Requests with the first client's token all reach one backend, the one that set it. */
final class StickyCheck implements ProbeCheck {
  private final int requests;

  StickyCheck(int requests) {
    this.requests = requests;
  }

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    ProbeSession.Reply first = p.first;
    int n = requests;
    if (token == null) {
      Map<String, Integer> seen = p.distribution(n, null, p.source(0));
      return new Prober.Check(
          "sticky",
          Prober.Status.FAIL,
          "no session token to send back; " + n + " requests went to " + seen);
    }
    Map<String, Integer> seen = p.distribution(n, token, p.source(0));
    if (seen.size() != 1) {
      return new Prober.Check(
          "sticky",
          Prober.Status.FAIL,
          n + " requests with the token went to " + seen + ", not one backend");
    }
    p.pinned = seen.keySet().iterator().next();
    if (!ProbeSession.identifies(p.pinned)) {
      // Every reply alike: one backend, or several that look the same. Stickiness is not shown.
      return new Prober.Check(
          "sticky",
          Prober.Status.INCONCLUSIVE,
          n
              + " requests with the token went to "
              + seen
              + ": the backends cannot be told apart, so stickiness is not proven; make them"
              + " name themselves (HAProxy: http-response set-header X-Served-By %s; or"
              + " --served-by HEADER), or use --body-hash when their pages differ");
    }
    if (!p.pinned.equals(first.backend())) {
      // A gateway that hashes a token the application set: the pin holds, but not where the
      // session began.
      return new Prober.Check(
          "sticky",
          Prober.Status.WARN,
          n
              + " requests with the token all went to "
              + p.pinned
              + ", not to "
              + first.backend()
              + ", which set it: the session starts on one backend and stays on another");
    }
    return new Prober.Check(
        "sticky", Prober.Status.PASS, n + " requests with the token went to " + seen);
  }
}
