package dev.spl.rules.cookie;

import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.AttachmentPoint;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;
import java.util.Optional;
import java.util.Set;

/** SPL131: a cookie path that does not start with "/", which browsers ignore. */
@RuleDefinition(
    id = "SPL131",
    name = "cookie-path-not-absolute",
    severity = Severity.WARNING,
    summary = "cookie.path does not start with \"/\".",
    why =
        "A browser ignores a Path attribute that does not start with \"/\" and uses the directory"
            + " of the request URL instead (RFC 6265 §5.2.4), so the cookie is scoped to whatever"
            + " page happened to set it.",
    fix = "Start the path with \"/\", e.g. /cart, or leave it out for the default \"/\".",
    reference = "RFC 6265 §5.2.4; GEP-1619 cookie.path")
public final class CookiePathNotAbsolute implements SessionPersistenceRule, ApiServerPolicy {

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    String path = site.cookiePath();
    if (path != null && !path.isEmpty() && !path.startsWith("/") && site.node() != null) {
      reporter.report(
          info(),
          site.resource(),
          site.field("cookie", "path"),
          "cookie.path \""
              + abbreviate(path)
              + "\" does not start with \"/\", so browsers ignore it; use \"/"
              + abbreviate(path)
              + "\"");
    }
  }

  private static String abbreviate(String s) {
    if (s.length() <= 40) {
      return s;
    }
    int end = Character.isHighSurrogate(s.charAt(36)) ? 36 : 37; // never half a code point
    return s.substring(0, end) + "...";
  }

  /** cookie.path exists in main's shape only; a path over 40 characters is cut as above. */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    if (version.usesSessionNameShape()) {
      return Optional.empty(); // no cookie.path before main: the API server prunes it
    }
    String path = "$sp.cookie.path";
    String shown =
        "(size(" + path + ") <= 40 ? " + path + " : " + path + ".substring(0, 37) + '...')";
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.values()),
            "!(has($sp.cookie) && has($sp.cookie.path) && "
                + path
                + " != '' && !"
                + path
                + ".startsWith('/'))",
            "'cookie.path \"' + "
                + shown
                + " + '\" does not start with \"/\", so browsers ignore it; use \"/' + "
                + shown
                + " + '\"'",
            "cookie.path"));
  }
}
