package dev.spl.rules.nginx;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.cross.CookiePaths;
import java.util.List;

/**
 * SPL208: an ingress-nginx affinity cookie path that no path of the Ingress reaches. Whether a path
 * is a regex depends on the other Ingresses of its host (RegexServers), so this reads the index.
 */
@RuleDefinition(
    id = "SPL208",
    name = "nginx-cookie-path-unreachable",
    severity = Severity.WARNING,
    summary =
        "No path of the Ingress reaches its session-cookie-path: the browser never returns it.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER)
public final class NginxCookiePathUnreachable implements IndexRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie path {path} is reached by no path of this Ingress ({paths}): the browser never"
              + " returns the cookie");

  private static final String PATH = "session-cookie-path";

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    RegexServers servers = null;
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      if (ing != null && ing.cookieAffinity() && ing.value(PATH) != null) {
        if (servers == null) {
          servers = RegexServers.of(index, context);
        }
        check(r, ing, servers, reporter);
      }
    }
  }

  private void check(Resource resource, NginxIngress ing, RegexServers servers, Reporter reporter) {
    String cookiePath = ing.value(PATH);
    // template.go enforceRegexModifier: use-regex or a rewrite-target on any Ingress of the host
    boolean ownRegex = RegexServers.regexAnnotation(ing) != null;
    List<IngressPath> paths = IngressPath.all(resource);
    if (paths.isEmpty()) {
      return; // nothing routed: nothing to judge
    }
    List<CookiePaths.PathMatch> matches =
        paths.stream()
            .map(
                p ->
                    new CookiePaths.PathMatch(
                        typeOf(p, ownRegex || servers.causeOf(resource, p).isPresent()), p.path()))
            .toList();
    if (CookiePaths.isReachable(cookiePath, matches)) {
      return;
    }
    reporter.report(
        info(),
        resource,
        ing.at(PATH),
        MESSAGE.format("path", cookiePath, "paths", describe(paths)));
  }

  /**
   * nginx serves Prefix and ImplementationSpecific as prefixes, and every path as a regex on a host
   * where an Ingress has use-regex or rewrite-target.
   */
  private static String typeOf(IngressPath p, boolean regex) {
    if (regex) {
      return "RegularExpression";
    }
    return p.pathType().equals("Exact") ? "Exact" : "PathPrefix";
  }

  private static String describe(List<IngressPath> paths) {
    List<String> shown =
        paths.stream()
            .map(p -> (p.pathType().equals("Exact") ? "exactly " : "") + p.path())
            .distinct()
            .toList();
    return shown.size() <= 3
        ? String.join(", ", shown)
        : String.join(", ", shown.subList(0, 3)) + " and " + (shown.size() - 3) + " more";
  }
}
