package dev.spl.cli.probe;

import java.util.ArrayList;
import java.util.List;

/** Source-IP mode: two token jars from one address land where the address does, not the jar. */
final class GridByAddressCheck implements ProbeCheck {
  @Override
  public Prober.Check run(ProbeSession p) {
    List<String> cells = new ArrayList<>();
    boolean byAddress = true;
    for (int i = 0; i < Math.max(1, p.settings().sources().size()); i++) {
      String from = p.sourceName(i);
      for (String jar : List.of("jar-1", "jar-2")) {
        String b = p.backendOrError(jar, p.source(i));
        cells.add(jar + " from " + from + ": " + b);
        byAddress &= b.equals(p.pinnedByAddress.get(from));
      }
    }
    return new Prober.Check(
        "grid",
        byAddress ? Prober.Status.PASS : Prober.Status.FAIL,
        (byAddress ? "pinned per address, whatever the token: " : "not pinned per address: ")
            + cells);
  }
}
