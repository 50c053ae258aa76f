package dev.spl.rules.cross;

import dev.spl.index.ControllerVersions;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a browser would ever send a cookie with a given Path to the paths a route rule matches:
 * RFC 6265 §5.1.4 path-match against Gateway API path matches.
 */
public final class CookiePaths {
  /** A path match of a route rule: type Exact, PathPrefix (default) or RegularExpression. */
  public record PathMatch(String type, String value) {}

  private CookiePaths() {}

  /** The path matches of a rule; a rule with no matches (or a match without path) matches "/". */
  public static List<PathMatch> of(MapNode rule) {
    List<PathMatch> out = new ArrayList<>();
    if (rule.get("matches") instanceof ListNode matches && matches.size() > 0) {
      for (Node m : matches.items()) {
        MapNode path = m instanceof MapNode mm ? mm.map("path") : null;
        String type =
            path == null || path.string("type") == null ? "PathPrefix" : path.string("type");
        String value = path == null || path.string("value") == null ? "/" : path.string("value");
        out.add(new PathMatch(type, value));
      }
    } else {
      out.add(new PathMatch("PathPrefix", "/"));
    }
    return out;
  }

  /**
   * How a controller scopes a route rule's session cookie when the API has no cookie path (up to
   * v1.6's sessionName shape). GEP-1619 said "derived from the path match" until
   * kubernetes-sigs/gateway-api#5046 made it "/"; controllers followed at different times.
   */
  public enum Scoping {
    /** Always Path=/: kgateway (kgateway-dev/kgateway#14124), Envoy Gateway from v1.10. */
    ROOT,
    /**
     * The rule's path match: NGINX Gateway Fabric (route_common.go at e55bfe3), Envoy Gateway
     * before v1.10 (envoyproxy/gateway#9950).
     */
    FROM_MATCH,
    /** A controller spl has not read: unknown. */
    UNKNOWN
  }

  /**
   * A controller's scoping and how a message names it: the product, with the versions the fact
   * holds for and, for a version-dependent fact, where the version came from (or that the newest
   * release was assumed).
   */
  public record Scope(Scoping scoping, String product) {}

  /**
   * How the controller named {@code controllerName} scopes the cookie, at the version {@code
   * versions} says (Envoy Gateway: its newest release when none is in sight).
   */
  public static Scope scope(String controllerName, ControllerVersions versions) {
    if (controllerName == null) {
      return new Scope(Scoping.UNKNOWN, "");
    }
    if (controllerName.startsWith("gateway.nginx.org/")) {
      return new Scope(Scoping.FROM_MATCH, "NGINX Gateway Fabric");
    }
    if (controllerName.equals(ControllerVersions.ENVOY_GATEWAY)) {
      var version = versions.of(controllerName);
      if (version.isEmpty()) {
        return new Scope(Scoping.ROOT, "Envoy Gateway v1.10+ (assumed)");
      }
      boolean root = version.get().atLeast(1, 10);
      return new Scope(
          root ? Scoping.ROOT : Scoping.FROM_MATCH, "Envoy Gateway " + version.get().text());
    }
    if (controllerName.equals("kgateway.dev/kgateway")) {
      return new Scope(Scoping.ROOT, "kgateway");
    }
    return new Scope(Scoping.UNKNOWN, "");
  }

  /**
   * The cookie path a controller that derives it from the matches gives (NGINX Gateway Fabric's
   * route_common.go, Envoy Gateway before v1.10): the longest run of whole path segments every
   * Exact or PathPrefix value starts with; null when a match is a regular expression (then no path
   * is derived).
   */
  public static String derivedPath(List<PathMatch> matches) {
    String common = null;
    for (PathMatch m : matches) {
      if (m.type().equals("RegularExpression") || !m.value().startsWith("/")) {
        return null;
      }
      String[] segments = m.value().split("/", -1);
      if (common == null) {
        common = m.value();
        continue;
      }
      String[] held = common.split("/", -1);
      StringBuilder prefix = new StringBuilder();
      for (int i = 1; i < Math.min(held.length, segments.length); i++) {
        if (!held[i].equals(segments[i]) || held[i].isEmpty()) {
          break;
        }
        prefix.append('/').append(held[i]);
      }
      common = prefix.toString();
    }
    if (common == null || common.isEmpty()) {
      return "/";
    }
    return common.length() > 1 && common.endsWith("/")
        ? common.substring(0, common.length() - 1)
        : common;
  }

  /**
   * True when some request the matches accept would carry a cookie scoped to {@code cookiePath}.
   */
  public static boolean isReachable(String cookiePath, List<PathMatch> matches) {
    if (cookiePath == null || cookiePath.equals("/") || !cookiePath.startsWith("/")) {
      return true; // "/" reaches everything; a relative path is SPL131's business
    }
    for (PathMatch m : matches) {
      if (reachable(cookiePath, m)) {
        return true;
      }
    }
    return false;
  }

  private static boolean reachable(String cookiePath, PathMatch m) {
    switch (m.type()) {
      case "Exact":
        return pathMatches(m.value(), cookiePath);
      case "RegularExpression":
        String prefix = literalPrefix(m.value());
        // Unknowable in general: only a literal prefix that diverges from the path proves it
        // unreachable.
        return !prefix.startsWith("/")
            || cookiePath.startsWith(prefix)
            || prefix.startsWith(cookiePath);
      default: // PathPrefix matches whole path elements, with or without a trailing slash
        String p =
            m.value().length() > 1 && m.value().endsWith("/")
                ? m.value().substring(0, m.value().length() - 1)
                : m.value();
        return pathMatches(p, cookiePath)
            || p.equals("/")
            || cookiePath.equals(p)
            || cookiePath.startsWith(p + "/");
    }
  }

  /**
   * RFC 6265 §5.1.4: does a request for {@code requestPath} carry a cookie with {@code cookiePath}?
   */
  static boolean pathMatches(String requestPath, String cookiePath) {
    if (requestPath.equals(cookiePath)) {
      return true;
    }
    return requestPath.startsWith(cookiePath)
        && (cookiePath.endsWith("/") || requestPath.charAt(cookiePath.length()) == '/');
  }

  private static String literalPrefix(String regex) {
    String r = regex.startsWith("^") ? regex.substring(1) : regex;
    StringBuilder out = new StringBuilder();
    for (char c : r.toCharArray()) {
      if (".[]()*+?{}|^$\\".indexOf(c) >= 0) {
        break;
      }
      out.append(c);
    }
    return out.toString();
  }
}
