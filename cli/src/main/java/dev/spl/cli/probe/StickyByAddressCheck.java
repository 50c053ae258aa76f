package dev.spl.cli.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Source-IP mode: requests without a token from one address all reach one backend. */
final class StickyByAddressCheck implements ProbeCheck {
  private final int perSource;

  StickyByAddressCheck(int perSource) {
    this.perSource = perSource;
  }

  @Override
  public Prober.Check run(ProbeSession p) {
    List<String> evidence = new ArrayList<>();
    boolean sticky = true;
    for (int i = 0; i < Math.max(1, p.settings().sources().size()); i++) {
      Map<String, Integer> seen = p.distribution(perSource, null, p.source(i));
      evidence.add(p.sourceName(i) + ": " + seen);
      sticky &= seen.size() == 1;
      p.pinnedByAddress.put(p.sourceName(i), seen.keySet().iterator().next());
    }
    p.pinnedByAddressHolds = sticky;
    return new Prober.Check(
        "sticky-by-address",
        sticky ? Prober.Status.PASS : Prober.Status.FAIL,
        "requests without a token, per source address: " + evidence);
  }
}
