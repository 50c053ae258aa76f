package dev.spl.cli.probe;

import java.util.ArrayList;
import java.util.List;

/**
 * The session cookie's attributes: path, lifetime, Secure on HTTPS; HttpOnly and SameSite advised.
 */
final class CookieAttributesCheck implements ProbeCheck {

  @Override
  public Prober.Check run(ProbeSession p) {
    ProbeSession.Reply first = p.first;
    if (p.settings().expect().isHeader() || p.settings().mode() == Prober.Mode.SOURCE_IP) {
      return new Prober.Check(
          "cookie-attributes", Prober.Status.SKIP, "no cookie persistence expected");
    }
    SetCookie c = first.cookie();
    if (c == null) {
      return new Prober.Check("cookie-attributes", Prober.Status.FAIL, "no cookie to check");
    }
    List<String> failures = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    String expectedPath = p.settings().expect().path() == null ? "/" : p.settings().expect().path();
    if (!expectedPath.equals(c.get("path"))) {
      failures.add(
          "Path is "
              + (c.has("path") ? "\"" + c.get("path") + "\"" : "missing")
              + ", expected \""
              + expectedPath
              + "\"");
    }
    boolean expires = c.has("max-age") || c.has("expires");
    if (p.settings().expect().isPermanent() && !expires) {
      failures.add("a Permanent cookie needs Max-Age or Expires");
    } else if (!p.settings().expect().isPermanent() && expires) {
      failures.add("a Session cookie must not carry Max-Age/Expires");
    }
    if (p.settings().expect().isPermanent()
        && p.settings().expect().absoluteTimeoutSeconds() != null
        && c.has("max-age")
        && !String.valueOf(p.settings().expect().absoluteTimeoutSeconds())
            .equals(c.get("max-age"))) {
      failures.add(
          "Max-Age is "
              + c.get("max-age")
              + ", expected "
              + p.settings().expect().absoluteTimeoutSeconds()
              + " (absoluteTimeout)");
    }
    if ("https".equalsIgnoreCase(p.settings().url().getScheme()) && !c.has("secure")) {
      failures.add("no Secure on an HTTPS cookie");
    }
    // Neither GEP-1619 nor the practice requires these; browsers treat a missing SameSite as Lax.
    if (!c.has("httponly")) {
      warnings.add("no HttpOnly (scripts can read the session token)");
    }
    if (!c.has("samesite")) {
      warnings.add("no SameSite (browsers use Lax)");
    }
    List<String> all = new ArrayList<>(failures);
    all.addAll(warnings);
    if (all.isEmpty()) {
      return new Prober.Check(
          "cookie-attributes", Prober.Status.PASS, "Set-Cookie attributes " + c.attributes());
    }
    return new Prober.Check(
        "cookie-attributes",
        failures.isEmpty() ? Prober.Status.WARN : Prober.Status.FAIL,
        String.join("; ", all) + " (" + c.attributes() + ")");
  }
}
