package dev.spl.cli.probe;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Modified tokens must never be a server error; a fresh pick (a new token) is right. A token that
 * names a backend's address must not let the client pick one by editing it.
 */
final class TamperCheck implements ProbeCheck {

  @Override
  public Prober.Check run(ProbeSession p) {
    String token = p.token;
    List<ProbeSession.Fresh> clients = p.clients;
    if (token == null || token.isEmpty()) {
      return new Prober.Check("tamper", Prober.Status.SKIP, "no session token");
    }
    Map<String, String> variants = new LinkedHashMap<>();
    variants.put("one byte flipped", flip(token));
    variants.put("truncated", token.substring(0, Math.max(1, token.length() / 2)));
    String forgedTo = null;
    String ours = AddressLeak.address(token);
    if (ours != null) {
      for (ProbeSession.Fresh c : clients) {
        String theirs = c.token() == null ? null : AddressLeak.address(c.token());
        if (theirs != null && !theirs.equals(ours)) {
          forgedTo = c.backend();
          variants.put("address set to " + theirs, AddressLeak.replace(token, ours, theirs));
          break;
        }
      }
    }
    List<String> evidence = new ArrayList<>();
    Prober.Status status = Prober.Status.PASS;
    for (Map.Entry<String, String> v : variants.entrySet()) {
      try {
        ProbeSession.Reply r = p.send(p.settings().url(), p.source(0), v.getValue());
        String fresh = r.token(p.settings().expect());
        boolean renewed = fresh != null && !fresh.equals(v.getValue());
        evidence.add(
            v.getKey()
                + ": "
                + r.status()
                + " from "
                + r.backend()
                + (renewed ? ", new token" : ", no new token"));
        if (r.status() >= 500) {
          status = Prober.Status.FAIL;
        } else if (v.getKey().startsWith("address set to")
            && r.backend().equals(forgedTo)
            && !renewed) {
          evidence.add("the client picked the backend by editing the token");
          status = Prober.Status.FAIL;
        } else if (!renewed && status == Prober.Status.PASS) {
          status = Prober.Status.WARN; // not pinned again: the invalid token was silently ignored
        }
      } catch (IOException e) {
        evidence.add(v.getKey() + ": " + e.getClass().getSimpleName());
        status = Prober.Status.FAIL;
      }
    }
    return new Prober.Check("tamper", status, String.join("; ", evidence));
  }

  private static String flip(String token) {
    char last = token.charAt(token.length() - 1);
    char other = last == 'A' ? 'B' : last == '0' ? '1' : Character.isDigit(last) ? '0' : 'A';
    return token.substring(0, token.length() - 1) + other;
  }
}
