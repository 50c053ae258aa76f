package dev.spl.cli.probe;

/** The session token does not reveal a backend's address. */
final class TokenAddressCheck implements ProbeCheck {

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    if (token == null) {
      return new Prober.Check("no-address-in-token", Prober.Status.SKIP, "no token");
    }
    String found = AddressLeak.find(token);
    return found == null
        ? new Prober.Check("no-address-in-token", Prober.Status.PASS, "token reveals no address")
        : new Prober.Check(
            "no-address-in-token", Prober.Status.FAIL, "token reveals a backend address: " + found);
  }
}
