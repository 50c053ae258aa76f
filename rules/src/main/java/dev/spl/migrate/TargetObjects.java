package dev.spl.migrate;

import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Kinds;
import dev.spl.rules.nginx.NginxIngress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * Cookie affinity for a target that ignores route sessionPersistence, in the target's own object:
 * an Istio DestinationRule that hashes on the cookie per Service port (Envoy sets the cookie when
 * ttl is set; 0s makes it a session cookie), a Traefik TraefikService per Service port whose child
 * has a sticky cookie (the route rule then names it), or a GKE GCPBackendPolicy that asks the load
 * balancer for its own generated cookie per Service (cookieTtlSec 0-1209600, 0 a session cookie).
 * Facts from istio/api destination_rule.proto, traefik's LoadBalancerSpec and gateway provider, and
 * gke-gateway-api gcpbackendpolicy_types.go (../shared/implementations.md sections 4-6). Each
 * Ingress's report lines are restated in the target's terms.
 */
final class TargetObjects {
  /** GCPBackendPolicy cookieTtlSec's largest value (14 days). */
  static final long GKE_LONGEST_TTL = 1_209_600;

  /** An ALB target group's stickiness.lb_cookie.duration_seconds: 1 to 604800 (7 days). */
  static final long AWS_LONGEST_DURATION = 604_800;

  private static final List<String> COOKIE_ATTRIBUTES =
      List.of(
          "session-cookie-secure",
          "session-cookie-samesite",
          "session-cookie-conditional-samesite-none",
          "session-cookie-domain");

  /**
   * One Service port (Istio, Traefik) or Service (GKE) given affinity, by the first Ingress that
   * asks ({@code ingress}: how the report names it).
   */
  private record Pin(
      NginxIngress ing,
      String ingress,
      String namespace,
      String service,
      long port,
      NginxAffinity a,
      String cookiePath) {}

  private final MigrationTarget target;
  private final Report report;
  // by namespace, Service and (not for GKE) port: one carrier each
  private final Map<String, Pin> pins = new LinkedHashMap<>();
  private final Set<NginxIngress> restated = new HashSet<>();

  TargetObjects(MigrationTarget target, Report report) {
    this.target = target;
    this.report = report;
  }

  /** Whether the target keeps one carrier per Service port, not per Service. */
  private boolean perPort() {
    return target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE
        || target.carrier() == MigrationTarget.Carrier.TRAEFIK_SERVICE;
  }

  /** The name of the object that carries {@code p}: one per Service, or per port for Traefik. */
  private String object(Pin p) {
    return target.carrier() == MigrationTarget.Carrier.TRAEFIK_SERVICE
        ? p.service() + "-" + p.port() + "-sticky"
        : p.service() + "-sticky";
  }

  /**
   * Carries the affinity of {@code ing} for traffic to {@code service}:{@code port}; returns the
   * name of the object that carries it.
   */
  String add(NginxIngress ing, NginxAffinity a, String service, long port) {
    String who = "Ingress " + ing.label();
    // an Ingress written without a namespace goes where it is applied: so do its objects
    boolean namespaced =
        ing.resource().nodeAt(dev.spl.model.FieldPath.of("metadata", "namespace")) != null;
    // Istio's httpCookie has a path in every version (NginxAffinity keeps it for main only)
    Pin pin =
        new Pin(
            ing,
            who,
            namespaced ? ing.resource().namespace() : "",
            service,
            port,
            a,
            ing.value("session-cookie-path"));
    String key = pin.namespace() + "/" + service + (perPort() ? ":" + port : "");
    Pin first = pins.putIfAbsent(key, pin);
    boolean conflict = first != null && !sameCookie(first, pin);
    if (restated.add(ing)) {
      if (conflict) {
        // nothing of this Ingress's cookie is written: its lines say so, not Gateway API's terms
        for (String line : List.of("session-cookie-name", "session-cookie-path")) {
          if (report.outcomeOf(who, line).isPresent()) {
            report.set(who, line, Outcome.NOT_CARRIED, "not written: see affinity");
          }
        }
        if (a.lifetimeAnnotation() != null) {
          report.set(who, a.lifetimeAnnotation(), Outcome.NOT_CARRIED, "not written: see affinity");
        }
      } else {
        restate(ing, a, who, first == null ? pin : first);
      }
    }
    if (conflict) {
      report.set(
          who,
          "affinity",
          Outcome.NOT_CARRIED,
          "Service "
              + service
              + (perPort() ? " port " + port : "")
              + " already gets "
              + object(first)
              + " from "
              + first.ingress()
              + ", with another cookie; "
              + target.product()
              + " keeps one per "
              + (perPort() ? "Service port" : Kinds.SERVICE));
    }
    return object(first == null ? pin : first);
  }

  /** Whether {@code x} and {@code y} ask this target for the same thing. */
  private boolean sameCookie(Pin x, Pin y) {
    boolean sameLifetime =
        java.util.Objects.equals(x.a().lifetimeSeconds(), y.a().lifetimeSeconds());
    return !perPort()
        ? sameLifetime // the load balancer names the cookie and has no path
        : sameLifetime
            && x.a().cookieName().equals(y.a().cookieName())
            && java.util.Objects.equals(x.cookiePath(), y.cookiePath());
  }

  /** The objects, one per Service, in the order first asked for. */
  List<Node> objects() {
    Map<String, List<Pin>> byService = new LinkedHashMap<>();
    for (Pin p : pins.values()) {
      byService.computeIfAbsent(p.namespace() + "/" + p.service(), k -> new ArrayList<>()).add(p);
    }
    List<Node> out = new ArrayList<>();
    for (List<Pin> same : byService.values()) {
      switch (target.carrier()) {
        case ISTIO_DESTINATION_RULE -> out.add(destinationRule(same));
        case GKE_BACKEND_POLICY -> out.add(backendPolicy(same.get(0)));
        case TRAEFIK_SERVICE -> same.forEach(p -> out.add(traefikService(p)));
        case AWS_TARGET_GROUP -> out.add(targetGroupConfiguration(same.get(0)));
        case ROUTE, INGRESS ->
            throw new IllegalStateException(target.carrier() + " affinity needs no object");
      }
    }
    return out;
  }

  private MappingNode metadata(Pin p) {
    return YamlTree.map(
        "name", object(p), "namespace", p.namespace().isEmpty() ? null : p.namespace());
  }

  /**
   * A TraefikService whose one weighted child is the Service port with a sticky cookie: the
   * stickiness of a Service's servers lives on that child (traefikservice.go's LoadBalancerSpec),
   * evaluated because its kind is Service.
   */
  private MappingNode traefikService(Pin p) {
    NginxIngress ing = p.ing();
    String sameSite = sameSite(ing);
    MappingNode cookie =
        YamlTree.map(
            "name",
            p.a().cookieName(),
            "path",
            p.cookiePath(),
            "domain",
            ing.value("session-cookie-domain"),
            "maxAge",
            p.a().lifetimeSeconds() == null ? null : YamlTree.integer(p.a().lifetimeSeconds()),
            "secure",
            "true".equalsIgnoreCase(ing.value("session-cookie-secure")) ? bool(true) : null,
            "httpOnly",
            bool(true),
            "sameSite",
            sameSite);
    MappingNode service =
        YamlTree.map(
            "apiVersion",
            "traefik.io/v1alpha1",
            "kind",
            Kinds.TRAEFIK_SERVICE,
            "metadata",
            metadata(p),
            "spec",
            YamlTree.map(
                "weighted",
                YamlTree.map(
                    "services",
                    YamlTree.seq(
                        List.of(
                            YamlTree.map(
                                "name",
                                p.service(),
                                "port",
                                YamlTree.integer(p.port()),
                                "sticky",
                                YamlTree.map("cookie", cookie)))))));
    YamlTree.comment(
        service,
        "From " + p.ingress() + " by spl migrate ingress-nginx --to traefik: the Service's",
        "servers behind a sticky cookie; the HTTPRoute rule names this TraefikService");
    return service;
  }

  /**
   * A TargetGroupConfiguration for the Service (gateway.k8s.aws/v1, docs/guide/gateway/
   * targetgroupconfig.md in aws-load-balancer-controller 225f445): pods as targets, since
   * stickiness to a node is re-balanced by kube-proxy (SPL601), and the target group's lb_cookie
   * stickiness. Without a lifetime the duration is left to the default (86400 s): ALB's cookie
   * always expires.
   */
  private MappingNode targetGroupConfiguration(Pin p) {
    Long lifetime = p.a().lifetimeSeconds();
    List<Node> attributes = new ArrayList<>();
    attributes.add(attribute("stickiness.enabled", "true"));
    attributes.add(attribute("stickiness.type", "lb_cookie"));
    if (lifetime != null) {
      attributes.add(
          attribute(
              "stickiness.lb_cookie.duration_seconds",
              Long.toString(Math.min(lifetime, AWS_LONGEST_DURATION))));
    }
    MappingNode config =
        YamlTree.map(
            "apiVersion",
            "gateway.k8s.aws/v1",
            "kind",
            Kinds.TARGET_GROUP_CONFIGURATION,
            "metadata",
            metadata(p),
            "spec",
            YamlTree.map(
                "targetReference",
                YamlTree.map("name", p.service()),
                "defaultConfiguration",
                YamlTree.map(
                    "targetType", "ip", "targetGroupAttributes", YamlTree.seq(attributes))));
    YamlTree.comment(
        config,
        "From " + p.ingress() + " by spl migrate ingress-nginx --to aws: the target group's",
        "own cookie (AWSALB), pods as targets");
    return config;
  }

  private static MappingNode attribute(String key, String value) {
    return YamlTree.map("key", key, "value", YamlTree.quoted(value));
  }

  /** The Ingress's SameSite as Traefik's CRD takes it (none, lax, strict); null for others. */
  private static String sameSite(NginxIngress ing) {
    String value = ing.value("session-cookie-samesite");
    String lower = value == null ? null : value.toLowerCase(java.util.Locale.ROOT);
    return lower != null && List.of("none", "lax", "strict").contains(lower) ? lower : null;
  }

  private static org.snakeyaml.engine.v2.nodes.ScalarNode bool(boolean value) {
    return new org.snakeyaml.engine.v2.nodes.ScalarNode(
        org.snakeyaml.engine.v2.nodes.Tag.BOOL,
        Boolean.toString(value),
        org.snakeyaml.engine.v2.common.ScalarStyle.PLAIN);
  }

  private MappingNode destinationRule(List<Pin> ports) {
    Pin first = ports.get(0);
    List<Node> settings = new ArrayList<>();
    for (Pin p : ports) {
      NginxAffinity a = p.a();
      settings.add(
          YamlTree.map(
              "port",
              YamlTree.map("number", YamlTree.integer(p.port())),
              "loadBalancer",
              YamlTree.map(
                  "consistentHash",
                  YamlTree.map(
                      "httpCookie",
                      YamlTree.map(
                          "name",
                          a.cookieName(),
                          "path",
                          p.cookiePath(),
                          "ttl",
                          (a.lifetimeSeconds() == null ? 0 : a.lifetimeSeconds()) + "s")))));
    }
    MappingNode rule =
        YamlTree.map(
            "apiVersion",
            "networking.istio.io/v1",
            "kind",
            Kinds.DESTINATION_RULE,
            "metadata",
            metadata(first),
            "spec",
            YamlTree.map(
                "host",
                first.namespace().isEmpty()
                    ? first.service()
                    : first.service() + "." + first.namespace() + ".svc.cluster.local",
                "trafficPolicy",
                YamlTree.map("portLevelSettings", YamlTree.seq(settings))));
    boolean sessionOnly = ports.stream().allMatch(p -> p.a().lifetimeSeconds() == null);
    YamlTree.comment(
        rule,
        "From " + first.ingress() + " by spl migrate ingress-nginx --to istio: the cookie",
        "affinity as a consistent hash on the cookie, which Envoy sets "
            + (sessionOnly
                ? "(a ttl of 0s: a session cookie)"
                : "(its ttl is nginx's cookie lifetime)"));
    return rule;
  }

  private MappingNode backendPolicy(Pin p) {
    Long lifetime = p.a().lifetimeSeconds();
    long ttl = lifetime == null ? 0 : Math.min(lifetime, GKE_LONGEST_TTL);
    MappingNode policy =
        YamlTree.map(
            "apiVersion",
            "networking.gke.io/v1",
            "kind",
            Kinds.GCP_BACKEND_POLICY,
            "metadata",
            metadata(p),
            "spec",
            YamlTree.map(
                "targetRef",
                YamlTree.map(
                    "group", YamlTree.string(""), "kind", Kinds.SERVICE, "name", p.service()),
                "default",
                YamlTree.map(
                    "sessionAffinity",
                    YamlTree.map(
                        "type", "GENERATED_COOKIE", "cookieTtlSec", YamlTree.integer(ttl)))));
    YamlTree.comment(
        policy,
        "From " + p.ingress() + " by spl migrate ingress-nginx --to gke: the load balancer's",
        ttl == 0
            ? "own cookie (a cookieTtlSec of 0: a session cookie)"
            : "own cookie (its cookieTtlSec is nginx's cookie lifetime, at most 14 days)");
    return policy;
  }

  /** The Ingress's report lines about its affinity, in the target's terms. */
  private void restate(NginxIngress ing, NginxAffinity a, String who, Pin pin) {
    // max-age carried, expires beside it: the Gateway API wording (absoluteTimeout) is not this
    // target's; browsers let Max-Age win (RFC 6265 5.3), so expires has nothing to map to
    if ("session-cookie-max-age".equals(a.lifetimeAnnotation())
        && report.outcomeOf(who, "session-cookie-expires").orElse(null) == Outcome.MAPPED) {
      report.set(
          who,
          "session-cookie-expires",
          Outcome.MAPPED,
          ing.value("session-cookie-expires")
              + " s is superseded by max-age in browsers; max-age is carried");
    }
    if (target.carrier() == MigrationTarget.Carrier.TRAEFIK_SERVICE) {
      restateForTraefik(ing, a, who, pin);
      return;
    }
    if (target.carrier() == MigrationTarget.Carrier.AWS_TARGET_GROUP) {
      restateForAws(ing, a, who, pin);
      return;
    }
    boolean istio = target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE;
    report.set(
        who,
        "affinity",
        Outcome.APPROXIMATED,
        istio
            ? "cookie -> DestinationRule "
                + object(pin)
                + " consistentHash.httpCookie: a hash of the cookie over the Service's endpoints,"
                + " so some sessions move when pods come and go"
            : "cookie -> GCPBackendPolicy "
                + object(pin)
                + " sessionAffinity GENERATED_COOKIE: the load balancer's own cookie, hashed over"
                + " the Service's endpoints, so some sessions move when pods come and go");
    if (report.outcomeOf(who, "session-cookie-name").orElse(null) == Outcome.MAPPED) {
      report.set(
          who,
          "session-cookie-name",
          istio ? Outcome.MAPPED : Outcome.NOT_CARRIED,
          istio
              ? a.cookieName() + " -> httpCookie.name " + a.cookieName()
              : a.cookieName()
                  + " is not used: the load balancer names its cookie GCLB; change clients that"
                  + " read it");
    }
    String path = ing.value("session-cookie-path");
    if (path != null) {
      report.set(
          who,
          "session-cookie-path",
          istio ? Outcome.MAPPED : Outcome.NOT_CARRIED,
          istio ? path + " -> httpCookie.path" : "GENERATED_COOKIE has no path setting");
    }
    Long seconds = a.lifetimeSeconds();
    if (seconds == null) {
      sessionCookie(
          who, Outcome.NOTE, "unset: a session cookie -> " + (istio ? "ttl 0s" : "cookieTtlSec 0"));
    } else if (istio) {
      report.set(
          who, a.lifetimeAnnotation(), Outcome.MAPPED, seconds + " s -> ttl " + seconds + "s");
    } else if (seconds > GKE_LONGEST_TTL) {
      report.set(
          who,
          a.lifetimeAnnotation(),
          Outcome.APPROXIMATED,
          seconds + " s -> cookieTtlSec " + GKE_LONGEST_TTL + ", the longest GKE takes (14 days)");
    } else {
      report.set(
          who, a.lifetimeAnnotation(), Outcome.MAPPED, seconds + " s -> cookieTtlSec " + seconds);
    }
    String mode = ing.value("affinity-mode");
    report.set(
        who,
        "affinity-mode",
        mode == null || !mode.equals("persistent") ? Outcome.MAPPED : Outcome.APPROXIMATED,
        mode == null || !mode.equals("persistent")
            ? (mode == null ? "unset (balanced)" : mode)
                + ": a hash also moves some sessions when pods are added, as balanced did"
            : "persistent: a hash keeps no table of sessions, so some move when pods are added");
    for (String attribute : COOKIE_ATTRIBUTES) {
      if (ing.has(attribute)) {
        report.set(
            who,
            attribute,
            Outcome.NOT_CARRIED,
            istio
                ? "not written: newer Istio takes cookie attributes in httpCookie.attributes;"
                    + " add it there"
                : "the load balancer sets its cookie's attributes");
      }
    }
  }

  private void restateForTraefik(NginxIngress ing, NginxAffinity a, String who, Pin pin) {
    report.set(
        who,
        "affinity",
        Outcome.MAPPED,
        "cookie -> TraefikService "
            + object(pin)
            + " sticky.cookie, named by the HTTPRoute rule's backendRef: the cookie names its"
            + " server, so sessions stay when pods are added");
    if (report.outcomeOf(who, "session-cookie-name").orElse(null) == Outcome.MAPPED) {
      report.set(
          who,
          "session-cookie-name",
          Outcome.MAPPED,
          a.cookieName() + " -> sticky.cookie.name " + a.cookieName());
    }
    String path = ing.value("session-cookie-path");
    if (path != null) {
      report.set(who, "session-cookie-path", Outcome.MAPPED, path + " -> sticky.cookie.path");
    }
    Long seconds = a.lifetimeSeconds();
    if (seconds != null) {
      report.set(
          who, a.lifetimeAnnotation(), Outcome.MAPPED, seconds + " s -> sticky.cookie.maxAge");
    } else {
      sessionCookie(
          who,
          Outcome.NOTE,
          "unset: a session cookie -> no maxAge (a session cookie in Traefik too)");
    }
    keepsItsEndpoint(ing, who, "Traefik's sticky cookie", "server");
    for (String attribute : List.of("secure", "domain")) {
      String annotation = "session-cookie-" + attribute;
      if (ing.has(annotation)) {
        report.set(
            who,
            annotation,
            Outcome.MAPPED,
            ing.value(annotation) + " -> sticky.cookie." + attribute);
      }
    }
    if (ing.has("session-cookie-samesite")) {
      report.set(
          who,
          "session-cookie-samesite",
          sameSite(ing) == null ? Outcome.NOT_CARRIED : Outcome.MAPPED,
          sameSite(ing) == null
              ? "\"" + ing.value("session-cookie-samesite") + "\" is not None, Lax or Strict"
              : ing.value("session-cookie-samesite")
                  + " -> sticky.cookie.sameSite "
                  + sameSite(ing));
    }
    if (ing.has("session-cookie-conditional-samesite-none")) {
      report.set(
          who,
          "session-cookie-conditional-samesite-none",
          Outcome.NOT_CARRIED,
          "Traefik has no SameSite by user agent; sameSite applies to every browser");
    }
    report.set(
        who,
        "httpOnly",
        Outcome.NOTE,
        "sticky.cookie.httpOnly: true, as ingress-nginx always set it (Traefik's default is false)");
  }

  private void restateForAws(NginxIngress ing, NginxAffinity a, String who, Pin pin) {
    report.set(
        who,
        "affinity",
        Outcome.MAPPED,
        "cookie -> TargetGroupConfiguration "
            + object(pin)
            + ": the target group's stickiness (lb_cookie), whose cookie names its target, with"
            + " pods as targets (targetType ip)");
    if (report.outcomeOf(who, "session-cookie-name").orElse(null) == Outcome.MAPPED) {
      report.set(
          who,
          "session-cookie-name",
          Outcome.NOT_CARRIED,
          a.cookieName()
              + " is not used: the load balancer names its cookie AWSALB; change clients that"
              + " read it");
    }
    if (ing.value("session-cookie-path") != null) {
      report.set(who, "session-cookie-path", Outcome.NOT_CARRIED, "lb_cookie has no path setting");
    }
    Long seconds = a.lifetimeSeconds();
    if (seconds == null) {
      sessionCookie(
          who,
          Outcome.APPROXIMATED,
          "unset (a session cookie): ALB's cookie always expires, after"
              + " stickiness.lb_cookie.duration_seconds, left to its default of 86400 s");
    } else if (seconds > AWS_LONGEST_DURATION) {
      report.set(
          who,
          a.lifetimeAnnotation(),
          Outcome.APPROXIMATED,
          seconds
              + " s -> stickiness.lb_cookie.duration_seconds "
              + AWS_LONGEST_DURATION
              + ", the longest ALB takes (7 days)");
    } else {
      report.set(
          who,
          a.lifetimeAnnotation(),
          Outcome.MAPPED,
          seconds + " s -> stickiness.lb_cookie.duration_seconds " + seconds);
    }
    keepsItsEndpoint(ing, who, "ALB's cookie", "target");
    for (String attribute : COOKIE_ATTRIBUTES) {
      if (ing.has(attribute)) {
        report.set(
            who, attribute, Outcome.NOT_CARRIED, "the load balancer sets its cookie's attributes");
      }
    }
  }

  /**
   * affinity-mode for a target whose cookie names its endpoint ({@code what}, which keeps a session
   * on its {@code endpoint} until it goes): persistent is mapped, balanced has no match.
   */
  private void keepsItsEndpoint(NginxIngress ing, String who, String what, String endpoint) {
    String mode = ing.value("affinity-mode");
    report.set(
        who,
        "affinity-mode",
        "persistent".equals(mode) ? Outcome.MAPPED : Outcome.NOTE,
        "persistent".equals(mode)
            ? "persistent -> " + what + " keeps a session on its " + endpoint + " until it goes"
            : (mode == null ? "unset (balanced)" : mode)
                + ": "
                + what
                + " keeps a session on its "
                + endpoint
                + " when pods are added; scale-ups no longer move sessions");
  }

  /**
   * Restates the line NginxAffinity wrote for a session cookie (no max-age or expires at all), if
   * it wrote one.
   */
  private void sessionCookie(String who, Outcome outcome, String text) {
    if (report.outcomeOf(who, "session-cookie-max-age").orElse(null) == Outcome.NOTE) {
      report.set(who, "session-cookie-max-age", outcome, text);
    }
  }
}
