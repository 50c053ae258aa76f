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

/** SPL132: a {@code __Host-} cookie whose path is not "/", which browsers reject. */
@RuleDefinition(
    id = "SPL132",
    name = "cookie-prefix-violation",
    severity = Severity.ERROR,
    summary = "A __Host- cookie with a path other than \"/\".",
    why =
        "Browsers accept a cookie whose name starts with __Host- only if it is Secure, has no"
            + " Domain and has Path=/. With any other path the browser drops the cookie when it is"
            + " set, so the client is never pinned.",
    fix =
        "Remove cookie.path (it defaults to \"/\"), or rename the cookie without the __Host- prefix.",
    reference = "RFC 6265bis §4.1.3.2 (the __Host- prefix)")
public final class CookiePrefixViolation implements SessionPersistenceRule, ApiServerPolicy {

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    String name = site.cookieName();
    String path = site.cookiePath();
    if (name != null
        && name.regionMatches(true, 0, "__Host-", 0, 7)
        && path != null
        && !path.equals("/")) {
      reporter.report(
          info(),
          site.resource(),
          site.field("cookie", "path"),
          "cookie \""
              + name
              + "\" has the __Host- prefix, which needs path \"/\", not \""
              + path
              + "\"; browsers drop it");
    }
  }

  /** The cookie's name: cookie.name in main, sessionName before; only when the type is Cookie. */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    if (version.usesSessionNameShape()) {
      return Optional.empty(); // no cookie.path before main: the API server prunes it
    }
    boolean main = !version.usesSessionNameShape();
    String hasName = main ? "has($sp.cookie) && has($sp.cookie.name)" : "has($sp.sessionName)";
    String name = main ? "$sp.cookie.name" : "$sp.sessionName";
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.values()),
            "!((has($sp.type) ? $sp.type : 'Cookie') == 'Cookie' && "
                + hasName
                + " && "
                + name
                + ".lowerAscii().startsWith('__host-') && has($sp.cookie) && has($sp.cookie.path)"
                + " && $sp.cookie.path != '/')",
            "'cookie \"' + "
                + name
                + " + '\" has the __Host- prefix, which needs path \"/\", not \"' + $sp.cookie.path"
                + " + '\"; browsers drop it'",
            "cookie.path"));
  }
}
