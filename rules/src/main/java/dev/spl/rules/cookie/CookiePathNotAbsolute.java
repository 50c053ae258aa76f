package dev.spl.rules.cookie;

import dev.spl.model.FieldPath;
import dev.spl.model.Fix;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
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
    fixable = true)
public final class CookiePathNotAbsolute implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie.path \"{path}\" does not start with \"/\", so browsers ignore it; use \"/{path}\"");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    String path = site.cookiePath();
    if (path != null && !path.isEmpty() && !path.startsWith("/") && site.node() != null) {
      FieldPath at = site.field("cookie", "path");
      Node node = site.resource().nodeAt(at);
      reporter.report(
          info(),
          site.resource(),
          at,
          MESSAGE.format("path", abbreviate(path)),
          node == null ? null : Fix.scalar("write /" + abbreviate(path), node, "/" + path));
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
