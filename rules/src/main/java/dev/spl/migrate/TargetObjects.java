package dev.spl.migrate;

import dev.spl.migrate.Report.Outcome;
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
 * ttl is set; 0s makes it a session cookie), or a GKE GCPBackendPolicy that asks the load balancer
 * for its own generated cookie per Service (cookieTtlSec 0-1209600, 0 a session cookie). Facts from
 * istio/api destination_rule.proto and gke-gateway-api gcpbackendpolicy_types.go
 * (../shared/implementations.md sections 4 and 5). Each Ingress's report lines are restated in the
 * target's terms.
 */
final class TargetObjects {
  /** GCPBackendPolicy cookieTtlSec's largest value (14 days). */
  static final long GKE_LONGEST_TTL = 1_209_600;

  private static final List<String> COOKIE_ATTRIBUTES =
      List.of(
          "session-cookie-secure",
          "session-cookie-samesite",
          "session-cookie-conditional-samesite-none",
          "session-cookie-domain");

  /** One Service port (Istio) or Service (GKE) given affinity, by the first Ingress that asks. */
  private record Pin(
      String ingress,
      String namespace,
      String service,
      long port,
      NginxAffinity a,
      String cookiePath) {
    String object() {
      return service + "-sticky";
    }
  }

  private final MigrationTarget target;
  private final Report report;
  // by namespace, Service and (Istio only) port: one hash policy or session affinity each
  private final Map<String, Pin> pins = new LinkedHashMap<>();
  private final Set<NginxIngress> restated = new HashSet<>();

  TargetObjects(MigrationTarget target, Report report) {
    this.target = target;
    this.report = report;
  }

  /** Carries the affinity of {@code ing} for traffic to {@code service}:{@code port}. */
  void add(NginxIngress ing, NginxAffinity a, String service, long port) {
    String who = "Ingress " + ing.label();
    // an Ingress written without a namespace goes where it is applied: so do its objects
    boolean namespaced =
        ing.resource().nodeAt(dev.spl.model.FieldPath.of("metadata", "namespace")) != null;
    // Istio's httpCookie has a path in every version (NginxAffinity keeps it for main only)
    Pin pin =
        new Pin(
            who,
            namespaced ? ing.resource().namespace() : "",
            service,
            port,
            a,
            ing.value("session-cookie-path"));
    String key =
        pin.namespace()
            + "/"
            + service
            + (target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE
                ? ":" + port
                : "");
    Pin first = pins.putIfAbsent(key, pin);
    if (restated.add(ing)) {
      restate(ing, a, who, first == null ? pin : first);
    }
    if (first != null && !sameCookie(first, pin)) {
      report.set(
          who,
          "affinity",
          Outcome.NOT_CARRIED,
          "Service "
              + service
              + (target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE
                  ? " port " + port
                  : "")
              + " already gets "
              + first.object()
              + " from "
              + first.ingress()
              + ", with another cookie; "
              + target.product()
              + " keeps one per "
              + (target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE
                  ? "Service port"
                  : "Service"));
    }
  }

  /** Whether {@code x} and {@code y} ask this target for the same thing. */
  private boolean sameCookie(Pin x, Pin y) {
    boolean sameLifetime =
        java.util.Objects.equals(x.a().lifetimeSeconds(), y.a().lifetimeSeconds());
    return target.carrier() == MigrationTarget.Carrier.GKE_BACKEND_POLICY
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
      out.add(
          target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE
              ? destinationRule(same)
              : backendPolicy(same.get(0)));
    }
    return out;
  }

  private static MappingNode metadata(Pin p) {
    return YamlTree.map(
        "name", p.object(), "namespace", p.namespace().isEmpty() ? null : p.namespace());
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
            "DestinationRule",
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
    YamlTree.comment(
        rule,
        "From " + first.ingress() + " by spl migrate ingress-nginx --to istio: the cookie",
        "affinity as a consistent hash on the cookie, which Envoy sets (a ttl of 0s: a session"
            + " cookie)");
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
            "GCPBackendPolicy",
            "metadata",
            metadata(p),
            "spec",
            YamlTree.map(
                "targetRef",
                YamlTree.map("group", YamlTree.string(""), "kind", "Service", "name", p.service()),
                "default",
                YamlTree.map(
                    "sessionAffinity",
                    YamlTree.map(
                        "type", "GENERATED_COOKIE", "cookieTtlSec", YamlTree.integer(ttl)))));
    YamlTree.comment(
        policy,
        "From " + p.ingress() + " by spl migrate ingress-nginx --to gke: the load balancer's",
        "own cookie (a cookieTtlSec of 0: a session cookie)");
    return policy;
  }

  /** The Ingress's report lines about its affinity, in the target's terms. */
  private void restate(NginxIngress ing, NginxAffinity a, String who, Pin pin) {
    boolean istio = target.carrier() == MigrationTarget.Carrier.ISTIO_DESTINATION_RULE;
    report.set(
        who,
        "affinity",
        Outcome.APPROXIMATED,
        istio
            ? "cookie -> DestinationRule "
                + pin.object()
                + " consistentHash.httpCookie: a hash of the cookie over the Service's endpoints,"
                + " so some sessions move when pods come and go"
            : "cookie -> GCPBackendPolicy "
                + pin.object()
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
      if (report.outcomeOf(who, "session-cookie-max-age").orElse(null) == Outcome.NOTE) {
        report.set(
            who,
            "session-cookie-max-age",
            Outcome.NOTE,
            "unset: a session cookie -> " + (istio ? "ttl 0s" : "cookieTtlSec 0"));
      }
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
}
