package dev.spl.cli.probe;

/** The first response sets the expected cookie or header. */
final class SetsPersistenceCheck implements ProbeCheck {
  @Override
  public Prober.Check run(ProbeSession p) {
    Expectation expect = p.settings().expect();
    String what =
        expect.isHeader()
            ? "header " + expect.name()
            : "cookie " + (expect.name() == null ? "(any)" : expect.name());
    ProbeSession.Reply first = p.first;
    return p.token != null
        ? new Prober.Check(
            "sets-persistence",
            Prober.Status.PASS,
            "first response sets "
                + what
                + " = "
                + p.token
                + " (served by "
                + first.backend()
                + ")")
        : new Prober.Check(
            "sets-persistence",
            Prober.Status.FAIL,
            "first response (status "
                + first.status()
                + ", served by "
                + first.backend()
                + ") sets no "
                + what);
  }
}
