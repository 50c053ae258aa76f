package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.policy.PolicyCheck.Variable;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SPL102: the same session name on several rules of one route (header names case-insensitively).
 */
@RuleDefinition(
    id = "SPL102",
    name = "session-name-collision-across-rules",
    severity = Severity.ERROR,
    summary = "The same session name on several rules of one route.",
    why =
        "Rules of one route share its hostnames, and a cookie scoped to \"/\" is sent to all of"
            + " them. When two rules pin different backends under one cookie or header name, a"
            + " session started on one rule is presented to the other, whose gateway either"
            + " rejects it or routes by a token meant for other endpoints. Header names are"
            + " compared case-insensitively, as HTTP does. Two rules reaching the same persistent"
            + " backend through one policy share one session and are fine.",
    fix =
        "Use a distinct cookie or header name on each rule, or one rule for the shared backends."
            + " Cookies on disjoint paths (/cart and /search) do not collide: before main the"
            + " cookie path follows each rule's path match, on main it is cookie.path.",
    reference = "GEP-1619: 'Users should avoid reusing session names'")
public final class SessionNameCollisionAcrossRules implements IndexRule, ApiServerPolicy {

  /** One rule's use of a session name, with the cookie path it is scoped to (null: all). */
  private record Use(int rule, EffectivePersistence persistence, String cookiePath) {}

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS.and(Inputs.Kind.ROUTE, "rules.matches");
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
        "session name \""
            + use.persistence().site().sessionName()
            + "\" is also used by rule "
            + earlier.rule()
            + " of this route; use a distinct name per rule",
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
  private static String cookiePath(EffectivePersistence p, RouteRule rule) {
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
  private static boolean overlap(String a, String b) {
    return a == null || b == null || CookiePaths.pathMatches(a, b) || CookiePaths.pathMatches(b, a);
  }

  /**
   * The API server's part: collisions between the route's own inline rules (persistence from
   * policies on its backends needs the other objects). Variables give each rule its key and cookie
   * scope once; the pairs are compared by index.
   */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String site = "variables.sites[i]";
    String names =
        version.usesSessionNameShape()
            ? "variables.sites.map(sp, " + CelText.stringOr("sp.sessionName", "''") + ")"
            : "variables.indices.map(i, variables.types[i] == 'Header' ? "
                + celNameIn(site + ".header")
                + " : "
                + celNameIn(site + ".cookie")
                + ")";
    String paths =
        version.usesSessionNameShape()
            ? "variables.rules.map(r, type(r) == map && has(r.matches) && type(r.matches) == list"
                + " && size(r.matches) == 1 && type(r.matches[0]) == map && has(r.matches[0].path)"
                + " && type(r.matches[0].path) == map ? ("
                + celPathScope("r.matches[0].path")
                + ") : '/')"
            : "variables.indices.map(i, has("
                + site
                + ".cookie) && type("
                + site
                + ".cookie) == map ? "
                + CelText.stringOr(site + ".cookie.path", "'/'")
                + " : '/')";
    List<Variable> variables = new ArrayList<>(CelText.ROUTE_RULES);
    variables.addAll(
        List.of(
            new Variable(
                "sites",
                "variables.rules.map(r, type(r) == map && has(r.sessionPersistence) &&"
                    + " type(r.sessionPersistence) == map ? r.sessionPersistence : {})"),
            new Variable(
                "types",
                "variables.sites.map(sp, " + CelText.stringOr("sp.type", "'Cookie'") + ")"),
            new Variable("names", names),
            new Variable(
                "keys",
                "variables.indices.map(i, variables.names[i] == '' ? '' : variables.types[i] =="
                    + " 'Header' ? 'Header:' + variables.names[i].lowerAscii() :"
                    + " variables.types[i] + ':' + variables.names[i])"),
            new Variable("paths", paths),
            new Variable(
                "clashes",
                "variables.indices.filter(j, variables.keys[j] != '' &&"
                    + " variables.indices.exists(i, "
                    + celClash("i", "j")
                    + "))")));
    String j = "variables.clashes[0]";
    String field =
        "'spec.rules[' + string("
            + j
            + ") + '].sessionPersistence.' + "
            + (version.usesSessionNameShape()
                ? "'sessionName'"
                : "(variables.types[" + j + "] == 'Header' ? 'header.name' : 'cookie.name')");
    String message =
        "'session name \"' + variables.names["
            + j
            + "] + '\" is also used by rule ' + string(variables.indices.filter(i, "
            + celClash("i", j)
            + ")[0]) + ' of this route; use a distinct name per rule'";
    return Optional.of(
        PolicyCheck.onObjects(
                CelText.ROUTES, variables, "size(variables.clashes) == 0", message, field)
            .onlyFor(CelText.ROUTES, "session names set by policies on the route's backends"));
  }

  /** CEL: rule {@code i} uses rule {@code j}'s name earlier, on a path that can carry both. */
  private static String celClash(String i, String j) {
    String a = "variables.paths[" + i + "]";
    String b = "variables.paths[" + j + "]";
    return i
        + " < "
        + j
        + " && variables.keys["
        + i
        + "] == variables.keys["
        + j
        + "] && (variables.types["
        + j
        + "] != 'Cookie' || "
        + celPathMatches(a, b)
        + " || "
        + celPathMatches(b, a)
        + ")";
  }

  /** CEL for {@link CookiePaths#pathMatches}: does a request for {@code request} carry it. */
  private static String celPathMatches(String request, String cookie) {
    return "("
        + request
        + " == "
        + cookie
        + " || ("
        + request
        + ".startsWith("
        + cookie
        + ") && ("
        + cookie
        + ".endsWith('/') || "
        + request
        + ".substring(size("
        + cookie
        + "), size("
        + cookie
        + ") + 1) == '/')))";
  }

  private static String celNameIn(String select) {
    return "(has("
        + select
        + ") && type("
        + select
        + ") == map ? ("
        + CelText.stringOr(select + ".name", "''")
        + ") : '')";
  }

  /** CEL for {@link #cookiePath}'s scope of a rule with one path match, before main. */
  private static String celPathScope(String path) {
    String value = path + ".value";
    return "has("
        + path
        + ".type) && type("
        + path
        + ".type) == string && "
        + path
        + ".type == 'RegularExpression' ? '/' : has("
        + value
        + ") && type("
        + value
        + ") == string ? (size("
        + value
        + ") > 1 && "
        + value
        + ".endsWith('/') ? "
        + value
        + ".substring(0, size("
        + value
        + ") - 1) : "
        + value
        + ") : '/'";
  }
}
