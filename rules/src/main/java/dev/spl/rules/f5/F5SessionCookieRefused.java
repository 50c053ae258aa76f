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
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * SPL232: a VirtualServer's or VirtualServerRoute's upstream session cookie that F5 NGINX Ingress
 * Controller never writes, or for which it rejects the whole resource. Facts from
 * nginx/kubernetes-ingress 0eb3072 (2026-08-21): internal/configs/virtualserver.go
 * generateSessionCookie (no sticky directive without enable: true; the OSS and Plus templates both
 * write it), pkg/apis/configuration/validation/virtualserver.go validateSessionCookie (name
 * required and [_A-Za-z0-9]+, expires "max" or an nginx time, domain a DNS subdomain after a
 * leading dot, samesite strict, lax or none) and internal/k8s/configuration.go (a resource that
 * fails validation is rejected, every host of it with it). The CRD itself checks none of it.
 */
@RuleDefinition(
    id = "SPL232",
    name = "f5-session-cookie-refused",
    severity = Severity.ERROR,
    summary =
        "A VirtualServer upstream's sessionCookie that F5 NGINX Ingress Controller ignores or"
            + " rejects.",
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
  // parsing_helpers.go timeRegexp, as F5 writes it
  private static final Pattern NGINX_TIME =
      Pattern.compile(
          "(\\d+y)??\\s*(\\d+M)??\\s*(\\d+w)??\\s*(\\d+d)??\\s*(\\d+h)??\\s*(\\d+m)??\\s*(\\d+s?)??"
              + "\\s*(\\d+ms)??");
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Set<String> SAME_SITE = Set.of("strict", "lax", "none");

  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.VIRTUAL_SERVER, "upstreams")
        .and(Kinds.VIRTUAL_SERVER_ROUTE, "upstreams");
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    SessionCookies.each(resource, (cookie, at) -> check(resource, cookie, at, reporter));
  }

  private void check(Resource resource, MapNode cookie, FieldPath at, Reporter reporter) {
    String kind = resource.kind();
    String name = text(cookie.get("name"));
    // Validation runs whether or not the cookie is enabled: a bad one rejects the resource.
    if (name == null || name.isEmpty()) {
      reporter.report(info(), resource, at, NO_NAME.format("kind", kind));
    } else if (!COOKIE_NAME.matcher(name).matches()) {
      reporter.report(
          info(), resource, at.key("name"), BAD_NAME.format("name", name, "kind", kind));
    }
    String expires = text(cookie.get("expires"));
    if (expires != null
        && !expires.equals("max")
        && !expires.isEmpty()
        && (expires.isBlank() || !NGINX_TIME.matcher(expires).matches())) {
      reporter.report(
          info(),
          resource,
          at.key("expires"),
          BAD_EXPIRES.format("expires", expires, "kind", kind));
    }
    String domain = text(cookie.get("domain"));
    if (domain != null && !domain.isEmpty()) {
      String bare = domain.startsWith(".") ? domain.substring(1) : domain;
      if (bare.length() > 253 || !DNS_SUBDOMAIN.matcher(bare).matches()) {
        reporter.report(
            info(), resource, at.key("domain"), BAD_DOMAIN.format("domain", domain, "kind", kind));
      }
    }
    String sameSite = text(cookie.get("samesite"));
    if (sameSite != null
        && !sameSite.isEmpty()
        && !SAME_SITE.contains(sameSite.toLowerCase(Locale.ROOT))) {
      reporter.report(
          info(),
          resource,
          at.key("samesite"),
          BAD_SAMESITE.format("samesite", sameSite, "kind", kind));
    }
  }

  private static String text(Node n) {
    return ScalarNode.text(n);
  }
}
