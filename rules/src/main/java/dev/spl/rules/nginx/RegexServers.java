package dev.spl.rules.nginx;

import dev.spl.index.IngressClasses;
import dev.spl.index.IngressPath;
import dev.spl.index.ResourceIndex;
import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import dev.spl.rules.RuleContext;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The ingress-nginx servers whose locations are all regexes. The controller builds one server per
 * host from every Ingress of its class, in any namespace, and template.go's enforceRegexModifier
 * turns all of the server's locations into regexes when any of them has use-regex or a
 * rewrite-target (annotations.md, Use Regex: "applied to all the paths of that host").
 */
final class RegexServers {
  /** The Ingress, and its annotation, that makes a server's locations regexes. */
  record Cause(NginxIngress ingress, String annotation) {}

  private final Map<String, Cause> byServer;

  private RegexServers(Map<String, Cause> byServer) {
    this.byServer = byServer;
  }

  static RegexServers of(ResourceIndex index, RuleContext context) {
    Map<String, Cause> byServer = new HashMap<>();
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      String annotation = ing == null ? null : regexAnnotation(ing);
      // A canary's locations are merged into its main Ingress's: it adds no location of its own.
      if (annotation == null || ing.isTrue("canary")) {
        continue;
      }
      for (IngressPath p : IngressPath.all(r)) {
        byServer.putIfAbsent(server(r, p), new Cause(ing, annotation));
      }
    }
    return new RegexServers(byServer);
  }

  /** What makes {@code p}'s location (a path of {@code ingress}) a regex, if anything does. */
  Optional<Cause> causeOf(Resource ingress, IngressPath p) {
    return Optional.ofNullable(byServer.get(server(ingress, p)));
  }

  /** use-regex or rewrite-target on {@code ing}: either makes its server's locations regexes. */
  static String regexAnnotation(NginxIngress ing) {
    if (ing.isTrue("use-regex")) {
      return "use-regex";
    }
    return ing.value("rewrite-target") != null ? "rewrite-target" : null;
  }

  /** One server: the class that serves it and the host. */
  private static String server(Resource ingress, IngressPath p) {
    return Objects.toString(IngressClasses.requestedClassOf(ingress), "").trim()
        + "\0"
        + Objects.toString(p.host(), "");
  }
}
