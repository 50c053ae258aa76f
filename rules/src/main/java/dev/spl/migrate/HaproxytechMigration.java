package dev.spl.migrate;

import dev.spl.index.IngressPath;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import dev.spl.rules.haproxy.HaproxyAnnotations;
import dev.spl.rules.nginx.NginxCookieNameInvalid;
import dev.spl.rules.nginx.NginxIngress;
import dev.spl.schema.GatewayApiVersion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The migration to the HAProxy Kubernetes Ingress Controller (haproxytech/kubernetes-ingress),
 * which keeps the Ingresses and pins by the {@code haproxy.org/cookie-persistence} annotation on
 * each backend Service. Facts from haproxytech/kubernetes-ingress fc12067 (2026-07):
 * pkg/annotations/service/cookie.go (the cookie line is always "insert indirect nocache dynamic":
 * no lifetime, SameSite, Secure, domain or path can be asked for), pkg/service/service.go (read
 * from the Service, falling back to the ConfigMap; since 2fa2ea6, 2026-06-15, never from an Ingress
 * - earlier releases read it there too, so the Service is where every release reads it),
 * pkg/store/convert.go and validators (the prefixes haproxy.org/, haproxy.com/,
 * ingress.kubernetes.io/ are one).
 */
final class HaproxytechMigration extends IngressKeepingMigration {
  static final String ANNOTATION =
      HaproxyAnnotations.PREFIXES.get(0) + HaproxyAnnotations.COOKIE_PERSISTENCE;

  /** namespace/name of each Service to annotate: its cookie name and the Ingress that asked. */
  private final Map<String, Wanted> wanted = new LinkedHashMap<>();

  private record Wanted(String cookie, String ingress) {}

  HaproxytechMigration(GatewayApiVersion version) {
    super(version, MigrationTarget.HAPROXY);
  }

  @Override
  String reader() {
    return "HAProxy's controller";
  }

  @Override
  void canary(NginxIngress ing, MappingNode doc) {
    canaryNotCarried(
        ing,
        "HAProxy's controller has no canary Ingresses: this Ingress is served as an ordinary one");
  }

  @Override
  void carry(NginxIngress ing, MappingNode doc) {
    String who = "Ingress " + ing.label();
    if (!ing.cookieAffinity()) {
      report.affinityNotCookie(who, ing.raw("affinity"), "neither ingress-nginx nor HAProxy pins");
      return;
    }
    List<String> services =
        IngressPath.of(ing.resource()).stream().map(IngressPath::service).distinct().toList();
    if (services.isEmpty()) {
      report.add(who, "affinity", Outcome.NOT_CARRIED, "no Service backend to make sticky");
      return;
    }
    String cookie = cookieName(ing, who);
    String namespace = ing.resource().namespace();
    List<String> pinned = new java.util.ArrayList<>();
    for (String service : services) {
      String key = namespace + "/" + service;
      Wanted before = wanted.putIfAbsent(key, new Wanted(cookie, who));
      if (before == null || before.cookie().equals(cookie)) {
        pinned.add(service);
      } else {
        report.add(
            who,
            "session-cookie-name",
            Outcome.NOT_CARRIED,
            "Service "
                + key
                + " has one cookie for every Ingress that routes to it: "
                + before.ingress()
                + "'s "
                + before.cookie()
                + " is written, not "
                + cookie);
      }
    }
    if (!pinned.isEmpty()) {
      report.add(
          who,
          "affinity",
          Outcome.MAPPED,
          "cookie -> "
              + ANNOTATION
              + ": "
              + cookie
              + " on Service "
              + String.join(", ", pinned)
              + " (read from the Service, not the Ingress)");
    }
    lifetime(ing, who);
    sameSiteAndSecure(ing, who);
    if (ing.has("session-cookie-domain")) {
      report.add(
          who,
          "session-cookie-domain",
          Outcome.NOT_CARRIED,
          "the cookie has no Domain there: browsers send it to this host only");
    }
    String path = ing.value("session-cookie-path");
    List<String> paths = pathsOf(ing).stream().filter(p -> !p.equals("/")).toList();
    if ((path != null && !path.isBlank() && !path.strip().equals("/"))
        || (path == null && !paths.isEmpty())) {
      report.add(
          who,
          "session-cookie-path",
          Outcome.APPROXIMATED,
          (path == null
                  ? "unset (ingress-nginx scoped it to " + String.join(", ", paths) + ")"
                  : path.strip())
              + " -> /: HAProxy's inserted cookie always has path=/");
    }
    notRead(
        ing,
        who,
        "session-cookie-conditional-samesite-none",
        "the cookie has no SameSite attribute at all");
    persistentOnly(
        ing,
        who,
        "HAProxy keeps a client on its server while the server is up",
        "HAProxy's cookie");
    notRead(ing, who, "affinity-canary-behavior", "HAProxy's controller has no canary Ingresses");
    if (ing.has("session-cookie-change-on-failure")) {
      report.add(
          who,
          "session-cookie-change-on-failure",
          Outcome.APPROXIMATED,
          "HAProxy sends a client whose server is down to another (option redispatch, on by"
              + " default there), which then sets the cookie");
    }
    report.add(
        who,
        "session-cookie-dynamic",
        Outcome.NOTE,
        "the cookie's value hashes the pod's address with a dynamic-cookie-key, the public one"
            + " compiled into the controller unless a Backend resource (cr-backend) sets one: set"
            + " a secret key (SPL901)");
  }

  private String cookieName(NginxIngress ing, String who) {
    String raw = ing.raw("session-cookie-name");
    if (raw == null) {
      report.add(
          who,
          "session-cookie-name",
          Outcome.MAPPED,
          "unset: ingress-nginx's default, " + NginxAffinity.DEFAULT_NAME + ", is written");
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
              + "; that is written");
      return NginxAffinity.DEFAULT_NAME;
    }
    report.add(who, "session-cookie-name", Outcome.MAPPED, name);
    return name;
  }

  private void lifetime(NginxIngress ing, String who) {
    for (String key : List.of("session-cookie-max-age", "session-cookie-expires")) {
      if (ing.has(key)) {
        report.add(
            who,
            key,
            Outcome.NOT_CARRIED,
            "HAProxy's controller writes a session cookie (insert indirect nocache dynamic, no"
                + " Max-Age): clients lose the pin when the browser closes");
      }
    }
  }

  private void sameSiteAndSecure(NginxIngress ing, String who) {
    if (ing.has("session-cookie-samesite")) {
      report.add(
          who,
          "session-cookie-samesite",
          Outcome.NOT_CARRIED,
          "the cookie has no SameSite attribute: browsers treat it as Lax");
    }
    if (ing.isTrue("session-cookie-secure") || ing.hasTls()) {
      report.add(
          who,
          ing.isTrue("session-cookie-secure") ? "session-cookie-secure" : "spec.tls",
          Outcome.NOT_CARRIED,
          "the cookie is not marked Secure there, though ingress-nginx marked it on HTTPS");
    }
  }

  /** Annotates each wanted Service the input holds; names the ones it does not. */
  @Override
  void finish(List<Node> documents, List<Resource> objects) {
    for (Map.Entry<String, Wanted> w : wanted.entrySet()) {
      int at = indexOfService(objects, w.getKey());
      String who = w.getValue().ingress();
      if (at < 0) {
        report.add(
            who,
            "affinity",
            Outcome.NOT_CARRIED,
            "Service "
                + w.getKey()
                + " is not in the input, so nothing pins it yet: annotate it with "
                + ANNOTATION
                + ": "
                + w.getValue().cookie());
        continue;
      }
      Resource service = objects.get(at);
      String existing =
          HaproxyAnnotations.PREFIXES.stream()
              .flatMap(
                  p ->
                      java.util.stream.Stream.of(
                          p + HaproxyAnnotations.COOKIE_PERSISTENCE,
                          p + HaproxyAnnotations.COOKIE_PERSISTENCE_NO_DYNAMIC))
              .filter(k -> service.annotations() != null && service.annotations().has(k))
              .findFirst()
              .orElse(null);
      if (existing != null) {
        report.add(
            who,
            "affinity",
            Outcome.NOTE,
            "Service " + w.getKey() + " already has " + existing + ": kept as it is");
        continue;
      }
      annotate((MappingNode) documents.get(at), ANNOTATION, w.getValue().cookie());
    }
  }

  private static int indexOfService(List<Resource> objects, String namespaceAndName) {
    for (int i = 0; i < objects.size(); i++) {
      Resource r = objects.get(i);
      if (r != null
          && Kinds.SERVICE.equals(r.kind())
          && (r.namespace() + "/" + r.name()).equals(namespaceAndName)) {
        return i;
      }
    }
    return -1;
  }
}
