package dev.spl.cli.probe;

import java.util.Map;

/**
 * After an idle wait the pin is kept, or dropped when the wait is past the idle timeout: the old
 * token then pins nothing, so requests with it are balanced afresh (seen when one lands elsewhere).
 */
final class IdleCheck implements ProbeCheck {
  static final int REQUESTS = 2;

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    ProbeSession.Reply first = p.first;
    if (token == null) {
      return new Prober.Check("idle-timeout", Prober.Status.SKIP, "no session token");
    }
    Long limit = p.settings().expect().idleTimeoutSeconds();
    boolean expectDropped = limit != null && p.settings().idleWait().toSeconds() > limit;
    try {
      Thread.sleep(p.settings().idleWait().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Prober.Check("idle-timeout", Prober.Status.SKIP, "interrupted");
    }
    Map<String, Integer> seen = p.distribution(REQUESTS, token, p.source(0));
    boolean kept = seen.size() == 1 && seen.containsKey(p.pinnedOr(first));
    String evidence =
        "after "
            + p.settings().idleWait().toSeconds()
            + " s idle the token went to "
            + seen
            + (kept ? " (kept)" : " (dropped)")
            + (limit == null ? "; no idle timeout known" : "; idle timeout " + limit + " s");
    if (limit == null) {
      return new Prober.Check("idle-timeout", Prober.Status.SKIP, evidence);
    }
    return new Prober.Check(
        "idle-timeout", expectDropped != kept ? Prober.Status.PASS : Prober.Status.FAIL, evidence);
  }
}
