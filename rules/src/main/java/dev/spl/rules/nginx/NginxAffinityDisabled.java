package dev.spl.rules.nginx;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Map;

/** SPL201: ingress-nginx affinity settings that cannot take effect. */
@RuleDefinition(
    id = "SPL201",
    name = "nginx-affinity-disabled",
    severity = Severity.ERROR,
    summary = "ingress-nginx affinity settings that cannot take effect.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER)
public final class NginxAffinityDisabled implements ResourceRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.ANNOTATIONS.and(KindRole.INGRESS, "rules");
  }

  public static final MessageTemplate WITHOUT_AFFINITY =
      MessageTemplate.of("{annotation} does nothing: this Ingress does not set affinity: cookie");
  public static final MessageTemplate NOT_COOKIE =
      MessageTemplate.of(
          "affinity \"{affinity}\" is not \"cookie\", the only type ingress-nginx has: no session"
              + " affinity");
  public static final MessageTemplate SERVICE_UPSTREAM =
      MessageTemplate.of(
          "service-upstream sends to the Service's cluster IP, so nginx cannot pin sessions");
  public static final MessageTemplate SSL_PASSTHROUGH =
      MessageTemplate.of(
          "ssl-passthrough forwards TLS unread: nginx sets no cookie and pins no session");
  public static final MessageTemplate REGEX_PATH =
      MessageTemplate.of(
          "use-regex without session-cookie-path: the cookie's path is the regex, which browsers"
              + " never match");
  public static final MessageTemplate REWRITE_REGEX_PATH =
      MessageTemplate.of(
          "with rewrite-target and no session-cookie-path, the cookie's path is the regex {path}:"
              + " browsers never match it");
  public static final MessageTemplate COOKIE_VARIABLE =
      MessageTemplate.of(
          "nginx hashes on $cookie_{read} and the text \"{rest}\", not on the cookie {cookie}:"
              + " rename it or hash on a header");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context);
    if (ing == null) {
      return;
    }
    if (!ing.cookieAffinity()) {
      cookieVariable(ing, resource, reporter); // with cookie affinity the hash is ignored anyway
    }
    String affinity = ing.raw("affinity");
    if (affinity == null) {
      for (Map.Entry<String, String> a : ing.annotations().entrySet()) {
        if (a.getKey().startsWith("session-cookie-") || a.getKey().equals("affinity-mode")) {
          reporter.report(
              info(),
              resource,
              ing.at(a.getKey()),
              WITHOUT_AFFINITY.format("annotation", a.getKey()));
          return; // one finding says it for all of them
        }
      }
      return;
    }
    if (!ing.cookieAffinity()) {
      reporter.report(
          info(), resource, ing.at("affinity"), NOT_COOKIE.format("affinity", affinity));
      return;
    }
    if (ing.isTrue("service-upstream")) {
      reporter.report(info(), resource, ing.at("service-upstream"), SERVICE_UPSTREAM.format());
    }
    if (ing.isTrue("ssl-passthrough")) {
      reporter.report(info(), resource, ing.at("ssl-passthrough"), SSL_PASSTHROUGH.format());
    }
    if (ing.isTrue("use-regex") && !ing.has("session-cookie-path")) {
      reporter.report(info(), resource, ing.at("use-regex"), REGEX_PATH.format());
    } else if (ing.value("rewrite-target") != null && !ing.has("session-cookie-path")) {
      // template.go enforceRegexModifier: a location that rewrites makes its server's locations
      // regexes; sticky.lua's cookie path defaults to the path as written. A plain path is still a
      // path browsers match, so only a path written as a regex is a lost cookie.
      for (IngressPath p : IngressPath.all(resource)) {
        if (!p.path().equals(ing.value("rewrite-target")) && isRegex(p.path())) {
          reporter.report(
              info(),
              resource,
              ing.at("rewrite-target"),
              REWRITE_REGEX_PATH.format("path", p.path()));
          break;
        }
      }
    }
  }

  /** Regex syntax in an Ingress path (a dot aside: it matches itself too). */
  static boolean isRegex(String path) {
    for (char c : path.toCharArray()) {
      if ("()[]{}*+?|^$\\".indexOf(c) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * nginx ends a variable's name at the first character that is not a letter, digit or underscore,
   * so {@code $cookie_session-id} is {@code $cookie_session} and the text "-id".
   */
  private void cookieVariable(NginxIngress ing, Resource resource, Reporter reporter) {
    String key = ing.value("upstream-hash-by");
    if (key == null) {
      return;
    }
    java.util.regex.Matcher m = COOKIE_WITH_DASH.matcher(key);
    if (m.find()) {
      reporter.report(
          info(),
          resource,
          ing.at("upstream-hash-by"),
          COOKIE_VARIABLE.format(
              "read", m.group(1), "rest", m.group(2), "cookie", m.group(1) + m.group(2)));
    }
  }

  private static final java.util.regex.Pattern COOKIE_WITH_DASH =
      java.util.regex.Pattern.compile("\\$cookie_(\\w+)(-[\\w-]+)");
}
