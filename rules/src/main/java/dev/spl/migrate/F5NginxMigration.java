package dev.spl.migrate;

import dev.spl.index.IngressPath;
import dev.spl.migrate.Report.Outcome;
import dev.spl.rules.nginx.NginxCookieNameInvalid;
import dev.spl.rules.nginx.NginxIngress;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;

/**
 * The migration to F5's NGINX Ingress Controller, which keeps the Ingresses: each Ingress with
 * cookie affinity gets {@code nginx.org/sticky-cookie-services}, one entry per backend Service,
 * with nginx's {@code sticky cookie} parameters that reproduce ingress-nginx's cookie (its name,
 * lifetime, path, domain, SameSite, HttpOnly always, Secure on HTTPS). Facts from
 * nginx/kubernetes-ingress (0eb3072, 2026-08): internal/configs/annotations.go
 * getSessionPersistenceServices (nginx.org/ wins over nginx.com/), parsing_helpers.go
 * ParseStickyServiceList ("serviceName=SVC NAME params", ";"-separated, no {@code "} or {@code $});
 * both annotations read by NGINX OSS and Plus from v5.4.0 (#9316), NGINX Plus only before. The
 * ingress-nginx annotations stay, for ingress-nginx while both controllers run.
 */
final class F5NginxMigration extends IngressKeepingMigration {
  static final String ANNOTATION = "nginx.org/sticky-cookie-services";
  private static final String PLUS_ANNOTATION = "nginx.com/sticky-cookie-services";
  private static final String NO_CANARY =
      "F5's controller has no canary Ingresses to pin clients to";
  private static final Set<String> SAME_SITE = Set.of("strict", "lax", "none");

  F5NginxMigration(GatewayApiVersion version) {
    super(version, MigrationTarget.F5_NGINX);
  }

  @Override
  String reader() {
    return "F5's controller";
  }

  @Override
  void canary(NginxIngress ing, MappingNode doc) {
    canaryNotCarried(
        ing,
        "F5's controller has no canary annotations: this Ingress competes for its main Ingress's"
            + " host and path; split the traffic with a VirtualServer's splits instead");
    notRead(ing, "Ingress " + ing.label(), "affinity-canary-behavior", NO_CANARY);
  }

  @Override
  void carry(NginxIngress ing, MappingNode doc) {
    String who = "Ingress " + ing.label();
    if (!ing.cookieAffinity()) {
      report.affinityNotCookie(who, ing.raw("affinity"), "neither ingress-nginx nor F5's pins");
      return;
    }
    String existing =
        ing.resource().annotations().has(ANNOTATION)
            ? ANNOTATION
            : ing.resource().annotations().has(PLUS_ANNOTATION) ? PLUS_ANNOTATION : null;
    if (existing != null) {
      report.add(
          who,
          "affinity",
          Outcome.NOTE,
          existing + " is already written: kept as it is, nothing added");
      return;
    }
    List<String> services =
        IngressPath.of(ing.resource()).stream().map(IngressPath::service).distinct().toList();
    if (services.isEmpty()) {
      report.add(who, "affinity", Outcome.NOT_CARRIED, "no Service backend to make sticky");
      return;
    }
    report.add(
        who,
        "affinity",
        Outcome.MAPPED,
        "cookie -> " + ANNOTATION + " for " + String.join(", ", services));
    String parameters = parameters(ing, who);
    if (parameters.matches(".*[\"$\\\\;].*")) {
      // ParseStickyServiceList splits on ';' and refuses '"', '$' and '\\': the whole
      // annotation would be dropped, for every Service
      report.set(
          who,
          "affinity",
          Outcome.NOT_CARRIED,
          "sticky cookie " + parameters + " holds a character F5's controller refuses (\" $ \\ ;)");
      return;
    }
    List<String> entries = new ArrayList<>();
    for (String service : services) {
      entries.add("serviceName=" + service + " " + parameters);
    }
    annotate(doc, ANNOTATION, String.join(";", entries));
  }

  /** nginx's sticky cookie parameters for what ingress-nginx made of the annotations. */
  private String parameters(NginxIngress ing, String who) {
    List<String> out = new ArrayList<>();
    out.add(cookieName(ing, who));
    Long lifetime = lifetime(ing, who, s -> "expires=" + s + "s");
    if (lifetime != null) {
      out.add("expires=" + lifetime + "s");
    }
    String domain = ing.value("session-cookie-domain");
    if (domain != null && !domain.isBlank()) {
      out.add("domain=" + domain.strip());
      report.add(who, "session-cookie-domain", Outcome.MAPPED, "domain=" + domain.strip());
    }
    out.add("httponly"); // ingress-nginx always sets HttpOnly
    String sameSite = ing.value("session-cookie-samesite");
    if (sameSite != null) {
      String lower = sameSite.strip().toLowerCase(Locale.ROOT);
      if (SAME_SITE.contains(lower)) {
        out.add("samesite=" + lower);
        report.add(who, "session-cookie-samesite", Outcome.MAPPED, "samesite=" + lower);
      } else {
        report.add(
            who,
            "session-cookie-samesite",
            Outcome.NOT_CARRIED,
            "\"" + sameSite + "\" is none of Strict, Lax, None: nginx would refuse it");
      }
    }
    if (ing.isTrue("session-cookie-secure") || ing.hasTls()) {
      out.add("secure");
      boolean asked = ing.isTrue("session-cookie-secure");
      report.add(
          who,
          asked ? "session-cookie-secure" : "spec.tls",
          Outcome.MAPPED,
          asked
              ? "secure"
              : "secure written: ingress-nginx marked the cookie Secure on HTTPS, nginx's sticky"
                  + " only when told");
    }
    out.add("path=" + path(ing, who));
    notRead(
        ing,
        who,
        "session-cookie-conditional-samesite-none",
        "nginx's sticky cookie has no browser condition: browsers that reject SameSite=None get it"
            + " too");
    persistentOnly(
        ing,
        who,
        "nginx keeps a client on its server while the server is up",
        "nginx's sticky cookie");
    String onFailure = ing.value("session-cookie-change-on-failure");
    if (onFailure != null) {
      report.add(
          who,
          "session-cookie-change-on-failure",
          ing.isTrue("session-cookie-change-on-failure") ? Outcome.MAPPED : Outcome.APPROXIMATED,
          "nginx picks a new server, and sets a new cookie, when the one named cannot serve the"
              + " request");
    }
    notRead(ing, who, "affinity-canary-behavior", NO_CANARY);
    return String.join(" ", out);
  }

  private String cookieName(NginxIngress ing, String who) {
    String raw = ing.raw("session-cookie-name");
    if (raw == null) {
      report.add(
          who,
          "session-cookie-name",
          Outcome.NOTE,
          "unset: the cookie keeps ingress-nginx's name " + NginxAffinity.DEFAULT_NAME);
      return NginxAffinity.DEFAULT_NAME;
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
              + "; written as "
              + NginxAffinity.DEFAULT_NAME);
      return NginxAffinity.DEFAULT_NAME;
    }
    report.add(who, "session-cookie-name", Outcome.MAPPED, name);
    return name;
  }

  /** The cookie's path: as written, else the Ingress's one path, as nginx scoped it. */
  private String path(NginxIngress ing, String who) {
    String written = ing.value("session-cookie-path");
    if (written != null && !written.isBlank()) {
      report.add(who, "session-cookie-path", Outcome.MAPPED, "path=" + written.strip());
      return written.strip();
    }
    List<String> paths = pathsOf(ing);
    if (paths.size() == 1 && !ing.isTrue("use-regex")) {
      report.add(
          who,
          "session-cookie-path",
          Outcome.NOTE,
          "unset: path=" + paths.get(0) + " written, the location ingress-nginx scoped it to");
      return paths.get(0);
    }
    report.add(
        who,
        "session-cookie-path",
        Outcome.APPROXIMATED,
        "unset: path=/ written; ingress-nginx scoped the cookie to each location ("
            + String.join(", ", paths)
            + ") and one sticky cookie per Service cannot");
    return "/";
  }
}
