package dev.spl.cli.probe;

/**
 * One check of a probe: it sends what it needs through the session and names its result with its
 * evidence. {@link Prober} chooses the checks and their order.
 */
interface ProbeCheck {
  Prober.Check run(ProbeSession p);
}
