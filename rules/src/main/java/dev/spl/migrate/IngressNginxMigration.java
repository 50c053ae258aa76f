package dev.spl.migrate;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.index.IngressPath;
import dev.spl.load.ManifestLoader;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Finding;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.nginx.NginxCookiePathUnreachable;
import dev.spl.rules.nginx.NginxIngress;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * {@code spl migrate ingress-nginx}: carries the cookie affinity of ingress-nginx Ingresses over to
 * Gateway API sessionPersistence, on the HTTPRoutes given (for example those ingress2gateway wrote)
 * or on minimal HTTPRoutes written here. Every annotation's fate goes to a {@link Report}; the
 * output is linted before it is returned, and errors the input did not have are a bug.
 *
 * <p>Persistence is written inline on the route rules, for every version: releases and upstream's
 * main have it only there; the gep-1619-backend proposal would move it to a Backend whose
 * endpointSelector repeats the Service's pod selector, but no CRD or implementation serves that
 * Backend, so it is written inline there too (deprecated, which SPL120 says as a warning).
 */
public final class IngressNginxMigration {
  /** A file's name and text. */
  public record Source(String name, String text) {}

  /**
   * The manifests (empty when nothing was written), the report, the lint errors the output has that
   * its input did not (none, unless spl has a bug), the input that could not be read, and the given
   * route files' texts with the persistence written in (one per file, for writing them in place;
   * empty when they were not kept as text).
   */
  public record Result(
      String yaml,
      Report report,
      List<Finding> introducedErrors,
      int routesTouched,
      List<String> inputProblems,
      List<String> routeTexts) {}

  /** Input that could not be read whole: a YAML syntax error, with its position. */
  private final List<String> inputProblems = new ArrayList<>();

  /** One Ingress path with affinity: where it routes and the persistence it asks for. */
  private record Target(
      NginxIngress ingress,
      NginxAffinity affinity,
      String host,
      String path,
      String pathType,
      String service,
      Long port) {
    String backendKey() {
      return service + ":" + port;
    }
  }

  /** A rule given persistence, before names are made unique within its route. */
  private record Pinned(MappingNode rule, Target target, String plainPath) {}

  private final GatewayApiVersion version;
  private final String gateway;
  private final MigrationTarget target;
  private final Report report = new Report();
  // the session names already written, for a target that sets every cookie on Path=/
  private final Set<String> namesWritten = new HashSet<>();
  // what pin wrote on the given routes' rules, to be written into their text as it is
  private final List<RouteInsertions.Insertion> insertions = new ArrayList<>();
  // where a target that ignores route persistence keeps it; null for the others
  private final TargetObjects targetObjects;

  private IngressNginxMigration(GatewayApiVersion version, String gateway, MigrationTarget target) {
    this.version = version;
    this.gateway = gateway;
    this.target = target;
    this.targetObjects =
        target.carrier() == MigrationTarget.Carrier.ROUTE
                || target.carrier() == MigrationTarget.Carrier.INGRESS
                || target.carrier() == MigrationTarget.Carrier.NONE
            ? null
            : new TargetObjects(target, report);
  }

  /**
   * Migrates the ingress-nginx Ingresses in {@code ingresses}: onto the HTTPRoutes in {@code
   * routes}, or, when there are none, onto HTTPRoutes written for them, attached to Gateway {@code
   * gateway} (null: the Ingress class's name, as ingress2gateway names its Gateways).
   */
  public static Result run(
      List<Source> ingresses, List<Source> routes, GatewayApiVersion version, String gateway) {
    return run(ingresses, routes, version, gateway, MigrationTarget.GATEWAY_API);
  }

  /** As above, for the implementation {@code target}: affinity goes where it honours it. */
  public static Result run(
      List<Source> ingresses,
      List<Source> routes,
      GatewayApiVersion version,
      String gateway,
      MigrationTarget target) {
    return new IngressNginxMigration(version, gateway, target).migrate(ingresses, routes);
  }

  private Result migrate(List<Source> ingresses, List<Source> routes) {
    if (target.carrier() == MigrationTarget.Carrier.INGRESS) {
      IngressKeepingMigration keeping =
          switch (target) {
            case F5_NGINX -> new F5NginxMigration(version);
            case HAPROXY_INGRESS -> new HaproxyIngressMigration(version);
            case HAPROXY -> new HaproxytechMigration(version);
            default -> new TraefikProviderMigration(version);
          };
      return keeping.migrate(ingresses);
    }
    List<Resource> given = new ArrayList<>();
    for (Source s : ingresses) {
      var loaded = new ManifestLoader().loadText(s.name(), s.text());
      loaded.problems().stream()
          .filter(p -> p.kind() == dev.spl.load.LoadProblem.Kind.SYNTAX)
          .forEach(p -> inputProblems.add(p.position() + ": " + p.message()));
      given.addAll(loaded.resources());
    }
    ServicePorts ports = ServicePorts.of(given);
    List<Target> targets = new ArrayList<>();
    for (Resource r : given) {
      NginxIngress ing = NginxIngress.of(r);
      if (ing != null && ing.has("affinity")) {
        targets.addAll(targets(ing, r, ports));
        tls(ing, r);
      } else if (ing != null && ing.isTrue("canary")) {
        // A canary without affinity of its own shares its main Ingress's (nginx copies it).
        report.add(
            "Ingress " + ing.label(),
            "canary",
            Outcome.NOT_CARRIED,
            "its traffic ("
                + (ing.value("canary-weight") == null
                    ? "by header or cookie"
                    : "weight " + ing.value("canary-weight"))
                + ") becomes a weighted backendRef of the main route's rule, which spl does not"
                + " write: add it, and the rule's persistence covers it");
      }
    }
    if (targets.isEmpty()) {
      report.add(
          "input", "affinity", Outcome.NOTE, "no ingress-nginx Ingress with affinity: cookie");
    }
    if (target.note() != null) {
      targets.stream()
          .map(t -> "Ingress " + t.ingress().label())
          .distinct()
          .forEach(
              who ->
                  report.set(who, "target", Outcome.NOTE, target.product() + " " + target.note()));
    }
    List<Node> documents = new ArrayList<>();
    int touched;
    if (routes.isEmpty()) {
      touched = writeRoutes(targets, documents);
    } else if (!target.carrier().editsRoutes()) {
      // the given routes stay as they are: the target reads affinity from its own objects
      touched = 0;
      for (Source s : routes) {
        documents.addAll(parseRoutes(s));
      }
      if (targetObjects == null) {
        notCarried(targets);
      } else {
        targets.forEach(t -> targetObjects.add(t.ingress(), t.affinity(), t.service(), t.port()));
      }
    } else {
      List<List<Node>> perSource = new ArrayList<>();
      for (Source s : routes) {
        perSource.add(parseRoutes(s));
        documents.addAll(perSource.get(perSource.size() - 1));
      }
      touched = attach(targets, documents);
      if (targetObjects == null) {
        List<String> texts = RouteInsertions.apply(routes, perSource, insertions);
        if (texts != null) {
          String kept = RouteInsertions.joined(texts);
          return new Result(
              kept,
              report,
              introducedErrors(routes, kept, version),
              touched,
              List.copyOf(inputProblems),
              texts);
        }
      }
    }
    if (targetObjects != null) {
      documents.addAll(targetObjects.objects());
    }
    String yaml = documents.isEmpty() ? "" : YamlTree.emitAll(documents);
    return new Result(
        yaml,
        report,
        introducedErrors(routes, yaml, version),
        touched,
        List.copyOf(inputProblems),
        List.of());
  }

  private List<Node> parseRoutes(Source s) {
    try {
      return YamlTree.parseAll(s.text());
    } catch (org.snakeyaml.engine.v2.exceptions.YamlEngineException
        | IllegalArgumentException e) { // the composer's unmarked error for a spaced tag
      inputProblems.add(s.name() + ": not YAML spl can edit: " + YamlTree.describe(e));
      return List.of();
    }
  }

  private List<Target> targets(NginxIngress ing, Resource r, ServicePorts ports) {
    String who = "Ingress " + ing.label();
    if (!ing.cookieAffinity()) {
      report.affinityNotCookie(who, ing.raw("affinity"), "ingress-nginx pinned nothing (SPL201)");
      return List.of();
    }
    if (ing.isTrue("canary")) {
      report.add(
          who,
          "canary",
          Outcome.NOT_CARRIED,
          "a canary Ingress becomes a weighted backendRef of its main route's rule; give that rule"
              + " both backends, and its persistence covers the canary");
      return List.of();
    }
    if (ing.isTrue("service-upstream") || ing.isTrue("ssl-passthrough")) {
      report.add(
          who,
          ing.isTrue("service-upstream") ? "service-upstream" : "ssl-passthrough",
          Outcome.NOTE,
          "nginx could not pin sessions with it (SPL201); the gateway will");
    }
    NginxAffinity affinity = NginxAffinity.of(ing, version, target, report);
    boolean regex = ing.isTrue("use-regex");
    otherAnnotations(ing, r, who);
    List<Target> out = new ArrayList<>();
    for (IngressPath p : IngressPath.all(r)) {
      String type =
          regex && !p.isDefaultBackend()
              ? "RegularExpression"
              : p.pathType().equals("Exact") ? "Exact" : "PathPrefix";
      if (p.service() == null) {
        report.add(
            who,
            "backend",
            Outcome.NOT_CARRIED,
            "a path whose backend is not a Service has no route rule to carry persistence");
      } else {
        Long port = p.portNumber() != null ? p.portNumber() : ports.number(r, p);
        if (port == null) {
          report.add(
              who,
              "backend",
              Outcome.NOT_CARRIED,
              "Service "
                  + p.label()
                  + " by port name: a backendRef needs the number; give the Service's manifest"
                  + " with the Ingresses and spl looks it up");
        } else {
          out.add(new Target(ing, affinity, p.host(), p.path(), type, p.service(), port));
        }
      }
    }
    return out;
  }

  /**
   * What the Ingress's other annotations mean for the migrated route: a cookie path no path reaches
   * (the session is never returned), a backend spoken to over TLS (the route would speak plain
   * HTTP), and every annotation that is not about sticky sessions, which ingress2gateway carries
   * where Gateway API can say it.
   */
  private void otherAnnotations(NginxIngress ing, Resource r, String who) {
    List<Finding> unreachable =
        new Engine(List.of(new NginxCookiePathUnreachable()))
            .lint(List.of(r), LintOptions.defaults());
    if (!unreachable.isEmpty()) {
      report.add(
          who,
          "session-cookie-path",
          Outcome.NOTE,
          "no path of the Ingress reaches it (SPL208): the browser never returns the cookie,"
              + " on the route too; fix the path");
    }
    String protocol = ing.value("backend-protocol");
    if (protocol != null
        && (protocol.equalsIgnoreCase("HTTPS") || protocol.equalsIgnoreCase("GRPCS"))) {
      report.add(
          who,
          "backend-protocol",
          Outcome.NOT_CARRIED,
          protocol
              + ": the route speaks plain HTTP to the backend unless a BackendTLSPolicy targets"
              + " its Service; add one");
    }
    for (String name : ing.annotations().keySet()) {
      if (!NginxIngress.isAffinitySetting(name)
          && !name.equals("canary")
          && !name.equals("use-regex")
          && !name.equals("backend-protocol")
          && !name.equals("service-upstream")
          && !name.equals("ssl-passthrough")
          && !HANDLED.contains(name)) {
        report.add(
            who,
            name,
            Outcome.NOTE,
            "not about sticky sessions, so not spl's: ingress2gateway carries what Gateway API"
                + " can say");
      }
    }
  }

  /** Annotations NginxAffinity reports on itself. */
  private static final java.util.Set<String> HANDLED =
      java.util.Set.of(
          "affinity-mode",
          "affinity-canary-behavior",
          "session-cookie-change-on-failure",
          "session-cookie-secure",
          "session-cookie-samesite",
          "session-cookie-conditional-samesite-none",
          "session-cookie-domain",
          "upstream-hash-by",
          "upstream-hash-by-subset",
          "upstream-hash-by-subset-size",
          "load-balance",
          "session-cookie-hash");

  /** Writes one HTTPRoute per Ingress host; its rules group the paths by backend. */
  private int writeRoutes(List<Target> targets, List<Node> documents) {
    Map<String, List<Target>> byRoute = new LinkedHashMap<>();
    for (Target t : targets) {
      byRoute.computeIfAbsent(t.ingress().label() + "\n" + t.host(), k -> new ArrayList<>()).add(t);
    }
    Map<NginxIngress, Integer> perIngress = new HashMap<>();
    for (List<Target> group : byRoute.values()) {
      NginxIngress ing = group.get(0).ingress();
      int n = perIngress.merge(ing, 1, Integer::sum);
      long hosts = byRoute.values().stream().filter(g -> g.get(0).ingress() == ing).count();
      String name = ing.resource().name() + (hosts > 1 ? "-" + n : "");
      documents.add(route(name, group));
    }
    return byRoute.size();
  }

  private Node route(String name, List<Target> targets) {
    Target first = targets.get(0);
    Resource ingress = first.ingress().resource();
    Map<String, List<Target>> byBackend = new LinkedHashMap<>();
    for (Target t : targets) {
      byBackend.computeIfAbsent(t.backendKey(), k -> new ArrayList<>()).add(t);
    }
    List<Pinned> pinned = new ArrayList<>();
    List<Node> rules = new ArrayList<>();
    for (List<Target> same : byBackend.values()) {
      List<Node> matches = new ArrayList<>();
      for (Target t : same) {
        matches.add(YamlTree.map("path", YamlTree.map("type", t.pathType(), "value", t.path())));
      }
      Target t = same.get(0);
      MappingNode rule =
          YamlTree.map(
              "matches",
              YamlTree.seq(matches),
              "backendRefs",
              YamlTree.seq(
                  List.of(YamlTree.map("name", t.service(), "port", YamlTree.integer(t.port())))));
      rules.add(rule);
      pinned.add(
          new Pinned(
              rule,
              t,
              same.size() == 1 && !t.pathType().equals("RegularExpression") ? t.path() : null));
    }
    String parent = gateway != null ? gateway : gatewayOf(ingress);
    MappingNode route =
        YamlTree.map(
            "apiVersion",
            "gateway.networking.k8s.io/v1",
            "kind",
            Kinds.HTTP_ROUTE,
            "metadata",
            YamlTree.map(
                "name",
                name,
                "namespace",
                ingress.namespace() == null || ingress.namespace().isEmpty()
                    ? null
                    : ingress.namespace()),
            "spec",
            YamlTree.map(
                "parentRefs",
                YamlTree.seq(List.of(YamlTree.map("name", parent))),
                "hostnames",
                first.host() == null ? null : YamlTree.seq(List.of(YamlTree.string(first.host()))),
                "rules",
                YamlTree.seq(rules)));
    YamlTree.comment(
        route,
        "From Ingress "
            + first.ingress().label()
            + " by spl migrate ingress-nginx; parentRefs names"
            + " Gateway "
            + parent
            + ": change it to yours");
    pin(pinned, "HTTPRoute " + name);
    return route;
  }

  private static String gatewayOf(Resource ingress) {
    String cls = ingress.spec() == null ? null : ingress.spec().string("ingressClassName");
    return cls == null ? "nginx" : cls;
  }

  /** Adds persistence to the given routes' rules that match an Ingress path with affinity. */
  private int attach(List<Target> targets, List<Node> documents) {
    int touched = 0;
    Set<Target> placed = new HashSet<>();
    for (Node doc : documents) {
      if (!Kinds.HTTP_ROUTE.equals(YamlTree.text(doc, "kind"))) {
        continue;
      }
      Node metadata = YamlTree.get(doc, "metadata");
      String ns =
          YamlTree.text(metadata, "namespace") == null
              ? "default"
              : YamlTree.text(metadata, "namespace");
      String routeName = YamlTree.text(metadata, "name");
      Node spec = YamlTree.get(doc, "spec");
      List<String> hostnames = new ArrayList<>();
      for (Node h : YamlTree.items(spec, "hostnames")) {
        if (h instanceof org.snakeyaml.engine.v2.nodes.ScalarNode s) {
          hostnames.add(s.getValue());
        }
      }
      List<Pinned> pinned = new ArrayList<>();
      for (Node ruleNode : YamlTree.items(spec, "rules")) {
        if (!(ruleNode instanceof MappingNode rule)) {
          continue;
        }
        for (Target t : targets) {
          String ingressNs = t.ingress().resource().namespace();
          boolean sameNs =
              ns.equals(ingressNs == null || ingressNs.isEmpty() ? "default" : ingressNs);
          boolean host = t.host() == null ? hostnames.isEmpty() : hostnames.contains(t.host());
          if (sameNs
              && host
              && matches(rule, t)
              && pinned.stream().noneMatch(p -> p.rule() == rule)) {
            placed.add(t);
            if (YamlTree.get(rule, "sessionPersistence") != null) {
              report.add(
                  "Ingress " + t.ingress().label(),
                  "affinity",
                  Outcome.NOTE,
                  "HTTPRoute "
                      + ns
                      + "/"
                      + routeName
                      + " already has sessionPersistence on the rule"
                      + " for "
                      + t.path()
                      + "; left as it is");
              continue;
            }
            pinned.add(new Pinned(rule, t, singlePlainPath(rule)));
          }
        }
      }
      if (!pinned.isEmpty()) {
        pin(pinned, "HTTPRoute " + ns + "/" + routeName);
        touched++;
      }
    }
    for (Target t : targets) {
      if (!placed.contains(t)) {
        report.add(
            "Ingress " + t.ingress().label(),
            "affinity",
            Outcome.NOT_CARRIED,
            "no given HTTPRoute rule matches host "
                + (t.host() == null ? "(any)" : t.host())
                + ", path "
                + t.path()
                + " and Service "
                + t.backendKey());
      }
    }
    return touched;
  }

  private static boolean matches(MappingNode rule, Target t) {
    boolean backend = false;
    for (Node b : YamlTree.items(rule, "backendRefs")) {
      String kind = YamlTree.text(b, "kind");
      String port = YamlTree.text(b, "port");
      if ((kind == null || kind.equals(Kinds.SERVICE))
          && t.service().equals(YamlTree.text(b, "name"))
          && (port == null || port.equals(String.valueOf(t.port())))) {
        backend = true;
      }
    }
    if (!backend) {
      return false;
    }
    List<Node> matches = YamlTree.items(rule, "matches");
    if (matches.isEmpty()) {
      return t.path().equals("/");
    }
    for (Node m : matches) {
      Node path = YamlTree.get(m, "path");
      String value = path == null ? "/" : YamlTree.text(path, "value");
      if (t.path().equals(value == null ? "/" : value)) {
        return true;
      }
    }
    return false;
  }

  private static String singlePlainPath(MappingNode rule) {
    List<Node> matches = YamlTree.items(rule, "matches");
    if (matches.size() != 1) {
      return matches.isEmpty() ? "/" : null;
    }
    Node path = YamlTree.get(matches.get(0), "path");
    if (path == null) {
      return "/";
    }
    String type = YamlTree.text(path, "type");
    return type == null || type.equals("PathPrefix") || type.equals("Exact")
        ? YamlTree.text(path, "value")
        : null;
  }

  /**
   * Writes sessionPersistence on each rule. Names must differ between the rules of one route
   * (SPL102): a name several rules would share takes the Service's name as a suffix. Cookies from
   * nginx are not understood by the gateway anyway, so a new name loses no session.
   */
  private void pin(List<Pinned> pinned, String where) {
    if (target.carrier() == MigrationTarget.Carrier.NONE) {
      notCarried(pinned.stream().map(Pinned::target).toList());
      return;
    }
    if (targetObjects != null) {
      for (Pinned p : pinned) {
        Target t = p.target();
        String carrier = targetObjects.add(t.ingress(), t.affinity(), t.service(), t.port());
        if (target.carrier() == MigrationTarget.Carrier.TRAEFIK_SERVICE) {
          nameCarrier(p.rule(), t, carrier);
        }
      }
      return;
    }
    Map<String, Integer> uses = new HashMap<>();
    for (Pinned p : pinned) {
      uses.merge(p.target().affinity().cookieName(), 1, Integer::sum);
    }
    Set<String> taken = new HashSet<>();
    for (int i = 0; i < pinned.size(); i++) {
      Pinned p = pinned.get(i);
      NginxAffinity a = p.target().affinity();
      String name = a.cookieName();
      // nginx scoped each cookie to its location's path; a target setting Path=/ on every
      // cookie makes another route's rule of the same name overwrite it (SPL135)
      boolean onRootElsewhere = target.cookiesOnRoot() && namesWritten.contains(name);
      if (uses.get(name) > 1 || onRootElsewhere) {
        name = name + "-" + p.target().service();
        if (!taken.add(name) || namesWritten.contains(name)) {
          name = name + "-" + i;
          taken.add(name);
        }
        report.add(
            "Ingress " + p.target().ingress().label(),
            "session-cookie-name",
            Outcome.NOTE,
            "written as "
                + name
                + " on "
                + where
                + (uses.get(a.cookieName()) > 1
                    ? ": rules of one route need their own names (SPL102)"
                    : ": " + target.product() + " sets every cookie on Path=/ (SPL135)"));
      }
      namesWritten.add(name);
      String path = a.cookiePath();
      if (path == null && !version.usesSessionNameShape() && p.plainPath() != null) {
        path = p.plainPath(); // nginx's default: the location's path
      }
      MappingNode persistence = persistence(a, name, path);
      YamlTree.put(p.rule(), "sessionPersistence", persistence);
      insertions.add(new RouteInsertions.Insertion(p.rule(), persistence));
    }
  }

  /**
   * For a target that cannot pin clients: every line of these Ingresses that said where a setting
   * went says it went nowhere.
   */
  private void notCarried(List<Target> targets) {
    for (String who :
        targets.stream().map(t -> "Ingress " + t.ingress().label()).distinct().toList()) {
      for (Report.Entry e : report.entries()) {
        if (e.ingress().equals(who)
            && (e.outcome() == Outcome.MAPPED || e.outcome() == Outcome.APPROXIMATED)) {
          report.set(
              who,
              e.annotation(),
              Outcome.NOT_CARRIED,
              e.annotation().equals("affinity")
                  ? target.product() + " cannot pin clients: nothing written (see target)"
                  : "not written: see affinity");
        }
      }
    }
  }

  /** Points the rule's backendRef to {@code t}'s Service port at the TraefikService instead. */
  private static void nameCarrier(MappingNode rule, Target t, String traefikService) {
    for (Node b : YamlTree.items(rule, "backendRefs")) {
      String kind = YamlTree.text(b, "kind");
      String port = YamlTree.text(b, "port");
      if (b instanceof MappingNode ref
          && (kind == null || kind.equals(Kinds.SERVICE))
          && t.service().equals(YamlTree.text(b, "name"))
          && (port == null || port.equals(String.valueOf(t.port())))) {
        YamlTree.put(ref, "group", YamlTree.string("traefik.io"));
        YamlTree.put(ref, "kind", YamlTree.string(Kinds.TRAEFIK_SERVICE));
        YamlTree.put(ref, "name", YamlTree.string(traefikService));
        YamlTree.remove(ref, "port"); // the TraefikService names the Service's port
      }
    }
  }

  private MappingNode persistence(NginxAffinity a, String name, String path) {
    String lifetime = a.lifetimeSeconds() == null ? "Session" : "Permanent";
    String timeout =
        a.lifetimeSeconds() == null ? null : NginxAffinity.duration(a.lifetimeSeconds());
    if (!version.usesSessionNameShape()) {
      return YamlTree.map(
          "type",
          "Cookie",
          "absoluteTimeout",
          timeout,
          "cookie",
          YamlTree.map("name", name, "path", path, "lifetimeType", lifetime));
    }
    return YamlTree.map(
        "sessionName",
        name,
        "type",
        "Cookie",
        "absoluteTimeout",
        timeout,
        "cookieConfig",
        YamlTree.map("lifetimeType", lifetime));
  }

  /**
   * An Ingress's spec.tls has no place on a route: TLS ends at a Gateway listener. Said, so that
   * the certificate (and the Secure cookies that need HTTPS) is not lost without a word.
   */
  private void tls(NginxIngress ing, Resource r) {
    dev.spl.model.ListNode tls = r.spec() == null ? null : r.spec().list("tls");
    if (tls == null || tls.size() == 0) {
      return;
    }
    List<String> secrets = new ArrayList<>();
    for (int i = 0; i < tls.size(); i++) {
      if (tls.get(i) instanceof dev.spl.model.MapNode t && t.string("secretName") != null) {
        secrets.add(t.string("secretName"));
      }
    }
    report.add(
        "Ingress " + ing.label(),
        "spec.tls",
        Outcome.NOTE,
        "not written: TLS ends at the Gateway; give its HTTPS listener certificateRefs"
            + (secrets.isEmpty() ? "" : " " + String.join(", ", secrets))
            + " (a Secure cookie needs HTTPS)");
  }

  /** Errors in the output that the given routes did not already have. */
  /**
   * The errors spl lint finds in {@code yaml}, a migration's output, that the {@code given} input
   * did not already have: none, unless spl has a bug.
   */
  static List<Finding> introducedErrors(
      List<Source> given, String yaml, GatewayApiVersion version) {
    if (yaml.isEmpty()) {
      return List.of();
    }
    Set<String> before = new HashSet<>();
    for (Source s : given) {
      for (Finding f : errors(s.name(), s.text(), version)) {
        before.add(key(f));
      }
    }
    return errors("<migrated>", yaml, version).stream()
        .filter(f -> !before.contains(key(f)))
        .toList();
  }

  private static List<Finding> errors(String name, String text, GatewayApiVersion version) {
    return new Engine()
            .lint(
                new ManifestLoader().loadText(name, text),
                LintOptions.defaults().withVersion(version))
            .findings()
            .stream()
            .filter(f -> f.severity() == Severity.ERROR)
            .toList();
  }

  private static String key(Finding f) {
    return f.ruleId() + " " + f.resource() + " " + f.field();
  }
}
