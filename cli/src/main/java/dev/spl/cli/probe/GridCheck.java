package dev.spl.cli.probe;

import java.util.List;

/**
 * Two token jars from two addresses: each jar keeps its backend from either address, so the pin is
 * per token; and the jars from one address landed on different backends, so it is not per address.
 */
final class GridCheck implements ProbeCheck {
  /** Fresh clients' tokens tried for a second jar pinned elsewhere. */
  static final int TRIES = 2;

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    List<ProbeSession.Fresh> clients = p.clients;
    if (token == null || p.pinned == null) {
      return new Prober.Check("grid", Prober.Status.SKIP, "no token that pins");
    }
    // a second jar pinned elsewhere: fresh clients' tokens, tried from the first address
    String a1 = p.source(0).getHostAddress();
    String a2 = p.source(1).getHostAddress();
    ProbeSession.Fresh other = null;
    String otherPinned = null;
    int tries = 0;
    for (ProbeSession.Fresh c : clients) {
      if (c.token() == null || c.token().equals(token) || tries == TRIES) {
        continue;
      }
      tries++;
      String b = p.backendOrError(c.token(), p.source(0));
      if (!b.equals(p.pinned) && !b.startsWith("error")) {
        other = c;
        otherPinned = b;
        break;
      }
    }
    if (other == null) {
      return new Prober.Check(
          "grid",
          Prober.Status.SKIP,
          "the jars tried were all pinned to " + p.pinned + "; one backend only");
    }
    String jar1From2 = p.backendOrError(token, p.source(1));
    String jar2From2 = p.backendOrError(other.token(), p.source(1));
    Prober.Grid grid =
        new Prober.Grid(
            List.of("jar 1", "jar 2"),
            List.of(a1, a2),
            List.of(List.of(p.pinned, otherPinned), List.of(jar1From2, jar2From2)));
    boolean perToken = p.pinned.equals(jar1From2) && otherPinned.equals(jar2From2);
    return new Prober.Check(
        "grid",
        perToken ? Prober.Status.PASS : Prober.Status.FAIL,
        perToken
            ? "pinned per token, not per address: each jar's column is one backend"
            : "not pinned per token: a jar reached another backend from another address",
        grid);
  }
}
