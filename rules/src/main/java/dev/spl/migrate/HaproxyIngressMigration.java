package dev.spl.migrate;

import dev.spl.migrate.Report.Outcome;
import dev.spl.rules.nginx.NginxCookieNameInvalid;
import dev.spl.rules.nginx.NginxIngress;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.snakeyaml.engine.v2.nodes.MappingNode;

/**
 * The migration to HAProxy Ingress (jcmoraisjr/haproxy-ingress), which keeps the Ingresses: each
 * Ingress with cookie affinity gets haproxy-ingress's own affinity annotations, with HAProxy {@code
 * cookie} keywords that reproduce ingress-nginx's cookie where HAProxy can. Facts from
 * haproxy-ingress 465a51c (2026-08): pkg/converters/ingress/annotations/backend.go
 * buildBackendAffinity (name default INGRESSCOOKIE; keywords passed to the cookie line as written,
 * "indirect nocache httponly" only when none are), rootfs/etc/templates/haproxy/haproxy.tmpl (the
 * cookie line; same-site true adds "attr SameSite=None secure"; option redispatch unless drain
 * support); and HAProxy 2.6 itself: an inserted cookie always has path=/, and {@code attr} adds
 * SameSite and Max-Age (checked against Debian's haproxy).
 */
final class HaproxyIngressMigration extends IngressKeepingMigration {
  static final String PREFIX = "haproxy-ingress.github.io/";
  private static final String KEYWORDS = "indirect nocache httponly";

  HaproxyIngressMigration(GatewayApiVersion version) {
    super(version, MigrationTarget.HAPROXY_INGRESS);
  }

  @Override
  String reader() {
    return "HAProxy Ingress";
  }

  @Override
  void canary(NginxIngress ing, MappingNode doc) {
    canaryNotCarried(
        ing,
        "HAProxy Ingress has no canary Ingresses: weigh the versions on one Ingress with its"
            + " blue-green-deploy annotation");
  }

  @Override
  void carry(NginxIngress ing, MappingNode doc) {
    String who = "Ingress " + ing.label();
    if (!ing.cookieAffinity()) {
      report.affinityNotCookie(who, ing.raw("affinity"), "neither ingress-nginx nor HAProxy pins");
      return;
    }
    if (ing.resource().annotations().has(PREFIX + "affinity")) {
      report.add(who, "affinity", Outcome.NOTE, PREFIX + "affinity is already written: kept");
      return;
    }
    annotate(doc, PREFIX + "affinity", "cookie");
    report.add(who, "affinity", Outcome.MAPPED, "cookie -> " + PREFIX + "affinity: cookie");
    name(ing, doc, who);
    List<String> keywords = new ArrayList<>(List.of(KEYWORDS));
    boolean sameSiteNone = sameSite(ing, doc, who, keywords);
    if (sameSiteNone && ing.isTrue("session-cookie-secure")) {
      report.add(
          who, "session-cookie-secure", Outcome.MAPPED, "Secure comes with SameSite=None there");
    } else if (!sameSiteNone && (ing.isTrue("session-cookie-secure") || ing.hasTls())) {
      keywords.add("secure");
      report.add(
          who,
          ing.isTrue("session-cookie-secure") ? "session-cookie-secure" : "spec.tls",
          Outcome.MAPPED,
          "secure in session-cookie-keywords: ingress-nginx marked the cookie Secure on HTTPS");
    }
    Long lifetime = lifetime(ing, who, s -> "attr Max-Age=" + s + " in session-cookie-keywords");
    if (lifetime != null) {
      keywords.add("attr Max-Age=" + lifetime);
    }
    if (keywords.size() > 1) {
      annotate(doc, PREFIX + "session-cookie-keywords", String.join(" ", keywords));
    }
    String domain = ing.value("session-cookie-domain");
    if (domain != null && !domain.isBlank()) {
      annotate(doc, PREFIX + "session-cookie-domain", domain.strip());
      report.add(who, "session-cookie-domain", Outcome.MAPPED, domain.strip());
    }
    path(ing, who);
    notRead(
        ing,
        who,
        "session-cookie-conditional-samesite-none",
        "HAProxy has no browser condition: browsers that reject SameSite=None get it too");
    persistentOnly(
        ing,
        who,
        "HAProxy keeps a client on its server while the server is up",
        "HAProxy's cookie");
    if (ing.has("session-cookie-change-on-failure")) {
      report.add(
          who,
          "session-cookie-change-on-failure",
          ing.isTrue("session-cookie-change-on-failure") ? Outcome.MAPPED : Outcome.APPROXIMATED,
          "HAProxy Ingress's option redispatch (its default without drain-support) sends a request"
              + " whose server is down to another, which then sets the cookie");
    }
    notRead(
        ing,
        who,
        "affinity-canary-behavior",
        "HAProxy Ingress has no canary Ingresses to pin clients to");
    report.add(
        who,
        "session-cookie-dynamic",
        Outcome.NOTE,
        "HAProxy Ingress hashes each server's address into the cookie with the global cookie-key,"
            + " \"Ingress\" unless set: set cookie-key in its ConfigMap");
  }

  private void name(NginxIngress ing, MappingNode doc, String who) {
    String raw = ing.raw("session-cookie-name");
    if (raw == null) {
      report.add(
          who,
          "session-cookie-name",
          Outcome.NOTE,
          "unset: HAProxy Ingress's default is ingress-nginx's, " + NginxAffinity.DEFAULT_NAME);
      return;
    }
    String name = NginxCookieNameInvalid.controllerName(raw);
    if (name == null) {
      report.add(
          who,
          "session-cookie-name",
          Outcome.APPROXIMATED,
          "\""
              + raw
              + "\" fails ingress-nginx's check, which used "
              + NginxAffinity.DEFAULT_NAME
              + "; left unset, HAProxy Ingress's default is the same");
      return;
    }
    annotate(doc, PREFIX + "session-cookie-name", name);
    report.add(who, "session-cookie-name", Outcome.MAPPED, name);
  }

  /** True when SameSite=None was written (which brings Secure with it). */
  private boolean sameSite(NginxIngress ing, MappingNode doc, String who, List<String> keywords) {
    String sameSite = ing.value("session-cookie-samesite");
    if (sameSite == null) {
      return false;
    }
    String lower = sameSite.strip().toLowerCase(Locale.ROOT);
    switch (lower) {
      case "none" -> {
        annotate(doc, PREFIX + "session-cookie-same-site", "true");
        report.add(
            who,
            "session-cookie-samesite",
            Outcome.MAPPED,
            "None -> " + PREFIX + "session-cookie-same-site: \"true\" (SameSite=None; Secure)");
        return true;
      }
      case "lax", "strict" -> {
        String value = lower.equals("lax") ? "Lax" : "Strict";
        keywords.add("attr SameSite=" + value);
        report.add(
            who,
            "session-cookie-samesite",
            Outcome.MAPPED,
            "attr SameSite=" + value + " in session-cookie-keywords");
        return false;
      }
      default -> {
        report.add(
            who,
            "session-cookie-samesite",
            Outcome.NOT_CARRIED,
            "\"" + sameSite + "\" is none of Strict, Lax, None");
        return false;
      }
    }
  }

  private void path(NginxIngress ing, String who) {
    String written = ing.value("session-cookie-path");
    List<String> paths = pathsOf(ing).stream().filter(p -> !p.equals("/")).toList();
    if (written != null && !written.isBlank() && !written.strip().equals("/")) {
      report.add(
          who,
          "session-cookie-path",
          Outcome.APPROXIMATED,
          written.strip() + " -> /: HAProxy's inserted cookie always has path=/");
    } else if (written == null && !paths.isEmpty()) {
      report.add(
          who,
          "session-cookie-path",
          Outcome.APPROXIMATED,
          "unset: ingress-nginx scoped the cookie to "
              + String.join(", ", paths)
              + "; HAProxy's inserted cookie always has path=/");
    }
  }
}
