package dev.spl.migrate;

import dev.spl.migrate.Report.Outcome;
import dev.spl.rules.nginx.NginxCookieLifetimeDropped;
import dev.spl.rules.nginx.NginxCookieNameInvalid;
import dev.spl.rules.nginx.NginxIngress;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSchema;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The session persistence one ingress-nginx Ingress asks for, as Gateway API can say it: the cookie
 * name the controller really uses, its lifetime and path; each annotation's fate goes to the
 * report. Facts from ingress-nginx's sessionaffinity parser and sticky.lua (see the SPL2xx rules).
 */
record NginxAffinity(
    String cookieName, Long lifetimeSeconds, String lifetimeAnnotation, String cookiePath) {
  static final String DEFAULT_NAME = "INGRESSCOOKIE";
  private static final Pattern SECONDS = Pattern.compile("[1-9]\\d*");

  /** The affinity of {@code ing} (which has affinity: cookie), reporting every annotation. */
  static NginxAffinity of(
      NginxIngress ing, GatewayApiVersion version, MigrationTarget target, Report report) {
    String who = "Ingress " + ing.label();
    report.add(who, "affinity", Outcome.MAPPED, "cookie -> sessionPersistence type: Cookie");
    String name = cookieName(ing, version, report, who);
    Lifetime lifetime = lifetime(ing, report, who);
    String path = ing.value("session-cookie-path");
    if (path != null) {
      if (!version.usesSessionNameShape()) {
        report.add(who, "session-cookie-path", Outcome.MAPPED, path + " -> cookie.path");
      } else {
        report.add(
            who,
            "session-cookie-path",
            Outcome.NOT_CARRIED,
            "Gateway API "
                + version.label()
                + " has no cookie path (main has cookie.path); "
                + (target.cookiesOnRoot()
                    // one statement with the target's own note (CookiePaths' scope data)
                    ? target.product() + " sets Path=/ on every session cookie"
                    : "the implementation chooses it, most from the rule's path match"));
        path = null;
      }
    }
    for (Map.Entry<String, String> a : ing.annotations().entrySet()) {
      unmapped(a.getKey(), a.getValue().strip(), report, who);
    }
    if (!ing.has("affinity-mode")) {
      report.add(
          who,
          "affinity-mode",
          Outcome.NOTE,
          "unset (balanced): Gateway API persistence keeps a session on its endpoint when pods are"
              + " added, as persistent mode does; scale-ups no longer move sessions");
    }
    return new NginxAffinity(name, lifetime.seconds(), lifetime.annotation(), path);
  }

  private static String cookieName(
      NginxIngress ing, GatewayApiVersion version, Report report, String who) {
    String raw = ing.raw("session-cookie-name");
    String name = DEFAULT_NAME;
    if (raw != null) {
      name = NginxCookieNameInvalid.controllerName(raw);
      if (name == null) {
        report.add(
            who,
            "session-cookie-name",
            Outcome.NOT_CARRIED,
            "\""
                + raw
                + "\" fails ingress-nginx's check, which used "
                + DEFAULT_NAME
                + "; carried as "
                + DEFAULT_NAME);
        return DEFAULT_NAME;
      }
    }
    String target = !version.usesSessionNameShape() ? "cookie.name" : "sessionName";
    if (!version.usesSessionNameShape() && !SessionPersistenceSchema.isToken(name)) {
      String token = name.replaceAll("[^!#$%&'*+\\-.^_`|~0-9A-Za-z]", "-");
      report.add(
          who,
          "session-cookie-name",
          Outcome.NOT_CARRIED,
          "\""
              + name
              + "\" is not an RFC 6265 token, which main's cookie.name must be; written as \""
              + token
              + "\"");
      return token;
    }
    report.add(
        who,
        "session-cookie-name",
        Outcome.MAPPED,
        (raw == null ? "unset (" + DEFAULT_NAME + ")" : name) + " -> " + target + " " + name);
    return name;
  }

  /**
   * The cookie's lifetime and the annotation it was read from; null seconds for a session cookie.
   */
  private record Lifetime(Long seconds, String annotation) {}

  /** Max-Age wins over Expires in browsers (RFC 6265 5.3), so max-age is carried when both are. */
  private static Lifetime lifetime(NginxIngress ing, Report report, String who) {
    Long maxAge = seconds(ing, "session-cookie-max-age", false, report, who);
    Long expires = seconds(ing, "session-cookie-expires", true, report, who);
    Long lifetime = maxAge != null ? maxAge : expires;
    if (lifetime == null) {
      if (!ing.has("session-cookie-max-age") && !ing.has("session-cookie-expires")) {
        report.add(
            who,
            "session-cookie-max-age",
            Outcome.NOTE,
            "unset: a session cookie -> lifetimeType: Session");
      }
      return new Lifetime(null, null);
    }
    if (maxAge != null && expires != null && !maxAge.equals(expires)) {
      report.add(
          who,
          "session-cookie-expires",
          Outcome.MAPPED,
          expires + " s is superseded by max-age in browsers; max-age is carried");
    }
    return new Lifetime(
        lifetime, maxAge != null ? "session-cookie-max-age" : "session-cookie-expires");
  }

  private static Long seconds(
      NginxIngress ing, String name, boolean spacesRemoved, Report report, String who) {
    String raw = ing.raw(name);
    if (raw == null) {
      return null;
    }
    Long whole = wholeSeconds(raw, spacesRemoved);
    boolean kept = NginxCookieLifetimeDropped.controllerValue(raw, spacesRemoved) != null;
    if (whole != null) {
      long s = whole;
      report.add(
          who,
          name,
          Outcome.MAPPED,
          s + " s -> absoluteTimeout " + duration(s) + ", lifetimeType: Permanent");
      return s;
    }
    report.add(
        who,
        name,
        Outcome.NOT_CARRIED,
        "\""
            + raw
            + "\" is not whole seconds (see SPL202): ingress-nginx "
            + (kept ? "sent it and browsers dropped or ignored the cookie" : "dropped it")
            + "; write the seconds and migrate again");
    return null;
  }

  /**
   * The whole seconds ingress-nginx sent for a lifetime annotation's {@code raw} value, or null
   * when it dropped the value or sent one browsers ignore (see SPL202).
   */
  static Long wholeSeconds(String raw, boolean spacesRemoved) {
    String parsed = NginxCookieLifetimeDropped.controllerValue(raw, spacesRemoved);
    return parsed != null && SECONDS.matcher(parsed).matches() && parsed.length() < 10
        ? Long.valueOf(parsed)
        : null;
  }

  /** GEP-2257: at most five digits per unit, so 172800 s is 48h. */
  static String duration(long seconds) {
    long h = seconds / 3600;
    long m = seconds % 3600 / 60;
    long s = seconds % 60;
    StringBuilder out = new StringBuilder();
    if (h > 0) {
      out.append(h).append('h');
    }
    if (m > 0) {
      out.append(m).append('m');
    }
    if (s > 0 || out.length() == 0) {
      out.append(s).append('s');
    }
    return out.toString();
  }

  /** The annotations with no Gateway API equivalent, and what changes for users. */
  private static void unmapped(String name, String value, Report report, String who) {
    String why =
        switch (name) {
          case "affinity-mode" ->
              value.equals("persistent")
                  ? null
                  : "balanced has no equivalent: Gateway API persistence keeps a session on its"
                      + " endpoint when pods are added (as persistent does)";
          case "affinity-canary-behavior" ->
              "a canary becomes a weighted backendRef of the rule; persistence keeps each session"
                  + " on the backend it first reached";
          case "session-cookie-change-on-failure" ->
              "no equivalent: implementations re-pin when the endpoint is gone, not after one"
                  + " failed request";
          case "session-cookie-secure",
              "session-cookie-samesite",
              "session-cookie-conditional-samesite-none",
              "session-cookie-domain" ->
              "GEP-1619 has no cookie attributes: the implementation sets them (Envoy-based"
                  + " gateways: HttpOnly only, no Secure or SameSite)";
          case "upstream-hash-by", "upstream-hash-by-subset", "upstream-hash-by-subset-size" ->
              "no Gateway API equivalent (affinity took precedence in nginx anyway); use the"
                  + " implementation's consistent hashing if wanted";
          case "load-balance" -> "no Gateway API equivalent; nginx used it only for new sessions";
          case "session-cookie-hash" -> "removed in ingress-nginx 0.24.0; nothing to carry";
          default -> null;
        };
    if (name.equals("affinity-mode") && why == null) {
      report.add(
          who,
          name,
          Outcome.MAPPED,
          "persistent -> Gateway API persistence (a session stays on its endpoint)");
    } else if (why != null) {
      report.add(who, name, Outcome.NOT_CARRIED, why);
    }
  }
}
