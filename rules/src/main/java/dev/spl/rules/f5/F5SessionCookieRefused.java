package dev.spl.rules.f5;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * SPL232: a VirtualServer's or VirtualServerRoute's upstream session cookie for which F5 NGINX
 * Ingress Controller rejects the whole resource (SPL233 has the cookie it never writes). Facts from
 * nginx/kubernetes-ingress 0eb3072 (2026-08-21): pkg/apis/configuration/validation/virtualserver.go
 * validateSessionCookie (name required and [_A-Za-z0-9]+, expires "max" or an nginx time, domain a
 * DNS subdomain after a leading dot, samesite strict, lax or none) and
 * internal/k8s/configuration.go (a resource that fails validation is rejected, every host of it
 * with it). The CRD itself checks none of it.
 */
@RuleDefinition(
    id = "SPL232",
    name = "f5-session-cookie-refused",
    severity = Severity.ERROR,
    summary =
        "A VirtualServer upstream's sessionCookie for which F5 NGINX Ingress Controller rejects"
            + " the whole resource.",
    noPolicyBecause = NoPolicy.NOT_IN_CEL_YET)
public final class F5SessionCookieRefused implements ResourceRule {
  public static final MessageTemplate NO_NAME =
      MessageTemplate.of("sessionCookie has no name: F5 rejects the whole {kind}");
  public static final MessageTemplate BAD_NAME =
      MessageTemplate.of(
          "cookie name \"{name}\" is not letters, digits and _: F5 rejects the whole {kind}");
  public static final MessageTemplate BAD_EXPIRES =
      MessageTemplate.of(
          "expires \"{expires}\" is neither max nor an nginx time (1h, 30m, 2d): F5 rejects the"
              + " whole {kind}");
  public static final MessageTemplate BAD_DOMAIN =
      MessageTemplate.of("domain \"{domain}\" is not a DNS subdomain: F5 rejects the whole {kind}");
  public static final MessageTemplate BAD_SAMESITE =
      MessageTemplate.of(
          "samesite \"{samesite}\" is not strict, lax or none: F5 rejects the whole {kind}");

  private static final Pattern COOKIE_NAME = Pattern.compile("[_A-Za-z0-9]+");
  // parsing_helpers.go timeRegexp, with possessive digit runs: each unit's digits need its letter,
  // so the verdicts are the same, and a long run of digits is not re-split (linear, not quadratic)
  private static final Pattern NGINX_TIME =
      Pattern.compile(
          "(\\d++y)?\\s*+(\\d++M)?\\s*+(\\d++w)?\\s*+(\\d++d)?\\s*+(\\d++h)?\\s*+(\\d++m)?"
              + "\\s*+(\\d++s?)?\\s*+(\\d++ms)?");
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Set<String> SAME_SITE = Set.of("strict", "lax", "none");

  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.VIRTUAL_SERVER, "upstreams")
        .and(Kinds.VIRTUAL_SERVER_ROUTE, "upstreams");
  }

  /** A problem F5 rejects the resource for: where, and what it says. */
  record Refusal(FieldPath at, String message) {}

  /**
   * One finding per resource: one refused cookie rejects all of it, so the first is named and the
   * rest counted (a fixture of every mistake at once is one rejection, not a page of them).
   */
  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    List<Refusal> all = new ArrayList<>();
    SessionCookies.each(
        resource, (cookie, at) -> all.addAll(refusals(resource.kind(), cookie, at)));
    if (!all.isEmpty()) {
      Refusal first = all.get(0);
      reporter.report(
          info(),
          resource,
          first.at(),
          first.message()
              + (all.size() == 1
                  ? ""
                  : " ("
                      + (all.size() - 1)
                      + " more sessionCookie problem"
                      + (all.size() == 2 ? ")" : "s)")));
    }
  }

  /**
   * What F5 rejects {@code cookie} for. A field of the wrong type (expires: false) is the CRD's to
   * refuse before F5 sees it: not judged here.
   */
  static List<Refusal> refusals(String kind, MapNode cookie, FieldPath at) {
    List<Refusal> out = new ArrayList<>();
    if (!wellTyped(cookie)) {
      return out;
    }
    String name = cookie.string("name");
    if (name == null || name.isEmpty()) {
      out.add(new Refusal(at, NO_NAME.format("kind", kind)));
    } else if (!COOKIE_NAME.matcher(name).matches()) {
      out.add(new Refusal(at.key("name"), BAD_NAME.format("name", name, "kind", kind)));
    }
    String expires = cookie.string("expires");
    if (expires != null
        && !expires.equals("max")
        && !expires.isEmpty()
        && (expires.isBlank() || !NGINX_TIME.matcher(expires).matches())) {
      out.add(new Refusal(at.key("expires"), BAD_EXPIRES.format("expires", expires, "kind", kind)));
    }
    String domain = cookie.string("domain");
    if (domain != null && !domain.isEmpty()) {
      String bare = domain.startsWith(".") ? domain.substring(1) : domain;
      if (bare.length() > 253 || !DNS_SUBDOMAIN.matcher(bare).matches()) {
        out.add(new Refusal(at.key("domain"), BAD_DOMAIN.format("domain", domain, "kind", kind)));
      }
    }
    String sameSite = cookie.string("samesite");
    if (sameSite != null
        && !sameSite.isEmpty()
        && !SAME_SITE.contains(sameSite.toLowerCase(Locale.ROOT))) {
      out.add(
          new Refusal(at.key("samesite"), BAD_SAMESITE.format("samesite", sameSite, "kind", kind)));
    }
    return out;
  }

  /**
   * The CRD's types: these fields strings, the switches booleans. A cookie that breaks them is
   * refused by the API server, before F5 (or either rule) has anything to say.
   */
  static boolean wellTyped(MapNode cookie) {
    for (String key : List.of("name", "expires", "domain", "path", "samesite")) {
      Node n = cookie.get(key);
      if (n != null && !(n instanceof ScalarNode s && s.value() instanceof String)) {
        return false;
      }
    }
    for (String key : List.of("enable", "httpOnly", "secure")) {
      Node n = cookie.get(key);
      if (n != null && !(n instanceof ScalarNode s && s.value() instanceof Boolean)) {
        return false;
      }
    }
    return true;
  }
}
