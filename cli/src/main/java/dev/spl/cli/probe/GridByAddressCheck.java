package dev.spl.cli.probe;

import java.util.ArrayList;
import java.util.List;

/** Source-IP mode: two token jars from one address land where the address does, not the jar. */
final class GridByAddressCheck implements ProbeCheck {
  @Override
  public Prober.Check run(ProbeSession p) {
    List<String> addresses = new ArrayList<>();
    List<List<String>> backends = new ArrayList<>();
    boolean byAddress = true;
    for (int i = 0; i < Math.max(1, p.settings().sources().size()); i++) {
      String from = p.sourceName(i);
      List<String> row = new ArrayList<>();
      for (String jar : List.of("jar-1", "jar-2")) {
        String b = p.backendOrError(jar, p.source(i));
        row.add(b);
        byAddress &= b.equals(p.pinnedByAddress.get(from));
      }
      addresses.add(from);
      backends.add(row);
    }
    return new Prober.Check(
        "grid",
        byAddress ? Prober.Status.PASS : Prober.Status.FAIL,
        byAddress
            ? "pinned per address, whatever the token: each address's row is one backend"
            : "not pinned per address: one address reached several backends",
        new Prober.Grid(List.of("jar 1", "jar 2"), addresses, backends));
  }
}
