package dev.spl.rules.cookie;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SessionPersistenceSite;

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
public final class CookiePathNotAbsolute implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie.path \"{path}\" does not start with \"/\", so browsers ignore it; use \"/{path}\"");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    String path = site.cookiePath();
    if (path != null && !path.isEmpty() && !path.startsWith("/") && site.node() != null) {
      reporter.report(
          info(),
          site.resource(),
          site.field("cookie", "path"),
          MESSAGE.format("path", abbreviate(path)));
    }
  }

  private static String abbreviate(String s) {
    if (s.length() <= 40) {
      return s;
    }
    int end = Character.isHighSurrogate(s.charAt(36)) ? 36 : 37; // never half a code point
    return s.substring(0, end) + "...";
  }
}
