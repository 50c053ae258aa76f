package dev.spl.rules.cookie;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.SessionPersistenceSite;

/** SPL132: a {@code __Host-} cookie whose path is not "/", which browsers reject. */
@RuleDefinition(
    id = "SPL132",
    name = "cookie-prefix-violation",
    severity = Severity.ERROR,
    summary = "A __Host- cookie with a path other than \"/\".")
public final class CookiePrefixViolation implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie \"{name}\" has the __Host- prefix, which needs path \"/\", not \"{path}\";"
              + " browsers drop it");

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
          MESSAGE.format("name", name, "path", path));
    }
  }
}
