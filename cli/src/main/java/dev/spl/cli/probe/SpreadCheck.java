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
        seen.merge(r.backend(), 1, Integer::sum);
        clients.add(new ProbeSession.Fresh(r.backend(), r.token(p.settings().expect())));
      } catch (IOException e) {
        seen.merge("error: " + e.getClass().getSimpleName(), 1, Integer::sum);
      }
    }
    if (seen.size() > 1) {
      return new Prober.Check("spread", Prober.Status.PASS, n + " fresh clients went to " + seen);
    }
    return new Prober.Check(
        "spread", Prober.Status.SKIP, "only one backend answered " + n + " fresh clients: " + seen);
  }
}
