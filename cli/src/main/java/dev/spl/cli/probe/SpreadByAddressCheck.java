package dev.spl.cli.probe;

import java.util.HashSet;
import java.util.Map;

/** Source-IP mode: two source addresses were pinned to different backends (SKIP otherwise). */
final class SpreadByAddressCheck implements ProbeCheck {
  @Override
  public Prober.Check run(ProbeSession p) {
    Map<String, String> pinned = p.pinnedByAddress;
    if (!p.pinnedByAddressHolds) {
      return new Prober.Check("spread-by-address", Prober.Status.SKIP, "addresses are not pinned");
    }
    if (pinned.size() < 2) {
      return new Prober.Check(
          "spread-by-address", Prober.Status.SKIP, "one source address; give two");
    }
    if (new HashSet<>(pinned.values()).size() > 1) {
      return new Prober.Check(
          "spread-by-address", Prober.Status.PASS, "addresses went to " + pinned);
    }
    return new Prober.Check(
        "spread-by-address",
        Prober.Status.SKIP,
        "both addresses went to one backend (may happen): " + pinned);
  }
}
