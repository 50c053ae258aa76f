package dev.spl.migrate;

import dev.spl.migrate.Report.Outcome;
import dev.spl.rules.nginx.NginxIngress;
import java.util.List;
import org.snakeyaml.engine.v2.nodes.MappingNode;

/**
 * The migration that keeps the Ingresses: Traefik's ingress-nginx provider serves them as they are,
 * reading the same annotations, but builds another cookie (traefik/traefik
 * pkg/provider/kubernetes/ingress-nginx translator.go buildSticky and annotations.go, master at
 * v3.7). Each affinity annotation is reported as carried, approximated or not carried, and the
 * annotations that give Traefik's cookie ingress-nginx's Secure and Path are written in.
 */
final class TraefikProviderMigration extends IngressKeepingMigration {
  private static final String CANARY_BEHAVIOR =
      "the canary choice is always pinned, by the -wrr cookie (legacy let canary clients bounce)";

  TraefikProviderMigration(dev.spl.schema.GatewayApiVersion version) {
    super(version, MigrationTarget.TRAEFIK_INGRESS_NGINX);
  }

  @Override
  String reader() {
    return "Traefik's provider";
  }

  @Override
  void canary(NginxIngress ing, MappingNode doc) {
    report.add(
        "Ingress " + ing.label(),
        "canary",
        Outcome.MAPPED,
        "kept: Traefik weighs it against its main Ingress's backend and pins the choice with"
            + " a cookie named after the main one with -wrr added");
    notRead(ing, "Ingress " + ing.label(), "affinity-canary-behavior", CANARY_BEHAVIOR);
  }

  @Override
  void carry(NginxIngress ing, MappingNode doc) {
    String who = "Ingress " + ing.label();
    if (!ing.cookieAffinity()) {
      report.affinityNotCookie(who, ing.raw("affinity"), "neither ingress-nginx nor Traefik pins");
      return;
    }
    report.add(who, "affinity", Outcome.MAPPED, "cookie -> Traefik's sticky cookie, HttpOnly");
    for (String same :
        List.of(
            "session-cookie-name",
            "session-cookie-max-age",
            "session-cookie-samesite",
            "session-cookie-domain",
            "session-cookie-secure",
            "session-cookie-path")) {
      if (ing.has(same)) {
        report.add(who, same, Outcome.MAPPED, ing.raw(same) + ", read as ingress-nginx reads it");
      }
    }
    if (ing.has("session-cookie-expires")) {
      report.add(
          who,
          "session-cookie-expires",
          Outcome.MAPPED,
          "read from Traefik v3.7 (v3.6 ignores it: keep session-cookie-max-age beside it)");
    }
    if (ing.hasTls() && !ing.isTrue("session-cookie-secure")) {
      annotate(doc, NginxIngress.PREFIX + "session-cookie-secure", "true");
      report.add(
          who,
          "spec.tls",
          Outcome.MAPPED,
          "session-cookie-secure: \"true\" written: ingress-nginx marked the cookie Secure on"
              + " HTTPS, Traefik only when asked");
    }
    if (!ing.has("session-cookie-path")) {
      List<String> paths = pathsOf(ing);
      if (paths.size() == 1 && !paths.get(0).equals("/")) {
        annotate(doc, NginxIngress.PREFIX + "session-cookie-path", paths.get(0));
        report.add(
            who,
            "session-cookie-path",
            Outcome.MAPPED,
            paths.get(0)
                + " written: ingress-nginx scoped the cookie to the location, Traefik to / unless"
                + " told");
      } else if (paths.size() > 1) {
        report.add(
            who,
            "session-cookie-path",
            Outcome.APPROXIMATED,
            "Traefik sets Path=/ on every path ("
                + String.join(", ", paths)
                + "), where ingress-nginx scoped each; one annotation cannot say them all");
      }
    }
    String mode = ing.value("affinity-mode");
    if (mode == null || !mode.equals("persistent")) {
      report.add(
          who,
          "affinity-mode",
          Outcome.APPROXIMATED,
          (mode == null ? "unset (balanced)" : mode)
              + " -> persistent: Traefik has no other mode, so no session moves when pods are"
              + " added");
    } else {
      report.add(who, "affinity-mode", Outcome.MAPPED, "persistent, Traefik's only mode");
    }
    notRead(ing, who, "affinity-canary-behavior", CANARY_BEHAVIOR);
    notRead(
        ing, who, "session-cookie-conditional-samesite-none", "old browsers get SameSite=None too");
    notRead(
        ing,
        who,
        "session-cookie-change-on-failure",
        "a client stays on a failed server until it leaves the endpoints");
  }
}
