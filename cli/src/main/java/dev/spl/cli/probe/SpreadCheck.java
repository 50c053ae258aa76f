package dev.spl.cli.probe;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Fresh clients are spread over more than one backend (SKIP when one answers them all). */
final class SpreadCheck implements ProbeCheck {
  private final int freshClients;

  SpreadCheck(int freshClients) {
    this.freshClients = freshClients;
  }

  @Override
  public Prober.Check run(ProbeSession p) {
    int n = freshClients;
    List<ProbeSession.Fresh> clients = p.clients;
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      try {
        ProbeSession.Reply r = p.send(p.settings().url(), p.source(0), null);
        if (r.status() >= 500) {
          // the gateway's own answer (no backend, or none healthy): no backend to count
          seen.merge("error: the gateway answered " + r.status(), 1, Integer::sum);
          continue;
        }
        seen.merge(r.backend(), 1, Integer::sum);
        clients.add(new ProbeSession.Fresh(r.backend(), r.token(p.settings().expect())));
      } catch (IOException e) {
        seen.merge("error: " + e.getClass().getSimpleName(), 1, Integer::sum);
      }
    }
    long backends = seen.keySet().stream().filter(b -> !b.startsWith("error")).count();
    if (backends > 1) {
      return new Prober.Check("spread", Prober.Status.PASS, n + " fresh clients went to " + seen);
    }
    return new Prober.Check(
        "spread",
        Prober.Status.SKIP,
        (backends == 0 ? "no backend answered " : "only one backend answered ")
            + n
            + " fresh clients: "
            + seen);
  }
}
