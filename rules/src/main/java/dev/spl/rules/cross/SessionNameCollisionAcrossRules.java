package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SPL102: the same session name on several rules of one route (header names case-insensitively).
 */
@RuleDefinition(
    id = "SPL102",
    name = "session-name-collision-across-rules",
    severity = Severity.ERROR,
    summary = "The same session name on several rules of one route.")
public final class SessionNameCollisionAcrossRules implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "session name \"{name}\" is also used by rule {rule} of this route; use a distinct name"
              + " per rule");

  /** One rule's use of a session name, with the cookie path it is scoped to (null: all). */
  private record Use(int rule, EffectivePersistence persistence, String cookiePath) {}

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS.and(KindRole.ROUTE, "rules.matches");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource route : index.routes()) {
      Map<String, List<Use>> byName = new HashMap<>();
      for (RouteRule rule : index.rules(route)) {
        for (EffectivePersistence p : EffectivePersistence.of(index, rule)) {
          String key = p.site().nameKey();
          if (key == null) {
            continue;
          }
          Use use = new Use(rule.index(), p, cookiePath(p, rule));
          List<Use> earlier = byName.computeIfAbsent(key, k -> new ArrayList<>());
          earlier.stream()
              .filter(e -> e.rule() != use.rule() && e.persistence().site() != p.site())
              .filter(e -> overlap(e.cookiePath(), use.cookiePath()))
              .findFirst()
              .ifPresent(e -> report(reporter, route, e, use));
          earlier.add(use);
        }
      }
    }
  }

  private void report(Reporter reporter, Resource route, Use earlier, Use use) {
    reporter.report(
        info(),
        route,
        use.persistence().routeField(),
        MESSAGE.format("name", use.persistence().site().sessionName(), "rule", earlier.rule()),
        List.of(
            Reporter.at(
                earlier.persistence().site().resource(),
                earlier.persistence().site().sessionNameField())));
  }

  /**
   * The Path a cookie is scoped to. GEP-1619: on main it is cookie.path ("/" by default); before,
   * implementations scope it to the rule's path, which keeps a name unique per route path. A rule
   * with several or regular-expression matches may be sent anywhere ("/"). Headers: null.
   */
  static String cookiePath(EffectivePersistence p, RouteRule rule) {
    if (!"Cookie".equals(p.site().type() == null ? "Cookie" : p.site().type())) {
      return null;
    }
    if (!p.site().version().usesSessionNameShape()) {
      return p.site().cookiePath() == null ? "/" : p.site().cookiePath();
    }
    List<CookiePaths.PathMatch> matches = CookiePaths.of(rule.node());
    if (matches.size() == 1 && !matches.get(0).type().equals("RegularExpression")) {
      String path = matches.get(0).value();
      return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
    return "/";
  }

  /** True when some request carries both cookies: one path path-matches the other (RFC 6265). */
  static boolean overlap(String a, String b) {
    return a == null || b == null || CookiePaths.pathMatches(a, b) || CookiePaths.pathMatches(b, a);
  }
}
