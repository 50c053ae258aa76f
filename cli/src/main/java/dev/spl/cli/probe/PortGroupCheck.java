package dev.spl.cli.probe;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** The token, sent to the other URLs of the application, keeps the backend. */
final class PortGroupCheck implements ProbeCheck {

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    ProbeSession.Reply first = p.first;
    if (token == null) {
      return new Prober.Check("port-group", Prober.Status.SKIP, "no session token");
    }
    Map<String, String> seen = new LinkedHashMap<>();
    for (URI u : p.settings().also()) {
      try {
        seen.put(u.toString(), p.send(u, p.source(0), token).backend());
      } catch (IOException e) {
        seen.put(u.toString(), "error: " + e.getClass().getSimpleName());
      }
    }
    String at = p.pinnedOr(first);
    boolean same = seen.values().stream().allMatch(b -> b.equals(at));
    return new Prober.Check(
        "port-group",
        same ? Prober.Status.PASS : Prober.Status.FAIL,
        "pinned to " + at + " at " + p.settings().url() + "; with its token " + seen);
  }
}
