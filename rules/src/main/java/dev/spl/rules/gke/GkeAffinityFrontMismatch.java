package dev.spl.rules.gke;

import dev.spl.index.BackendConfigAnnotation;
import dev.spl.index.BackendRef;
import dev.spl.index.IngressClasses;
import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ParentRef;
import dev.spl.index.References;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.index.TargetRef;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * SPL707: a Service's session affinity written where the GKE load balancer in front of it does not
 * read it. GKE's Ingress takes affinity from the BackendConfig the Service names; a GKE Gateway
 * only from a GCPBackendPolicy on the Service. Affinity in the one object reaches only the clients
 * of its own front: those of the other are spread over every pod.
 */
@RuleDefinition(
    id = "SPL707",
    name = "gke-affinity-front-mismatch",
    severity = Severity.WARNING,
    summary =
        "GKE affinity where the Service's front does not read it: BackendConfig for a Gateway,"
            + " GCPBackendPolicy for an Ingress.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class GkeAffinityFrontMismatch implements IndexRule {
  /** A BackendConfig's affinity and a GKE Gateway that reaches the Service. */
  public static final MessageTemplate FOR_GATEWAY =
      MessageTemplate.of(
          "{type} affinity in BackendConfig {config} is lost on GKE Gateway {gateway}: add a"
              + " GCPBackendPolicy");

  /** A GCPBackendPolicy's affinity and a gce Ingress that reaches the Service. */
  public static final MessageTemplate FOR_INGRESS =
      MessageTemplate.of(
          "GKE's Ingress {ingress} reads BackendConfig, not this policy: its clients of Service"
              + " {service} are not pinned");

  /** GKE's Gateway classes for Application Load Balancers (gke-l7-global-external-managed, ...). */
  static final String GATEWAY_CLASS_PREFIX = "gke-l7-";

  private static final FieldPath CONFIG_AFFINITY = FieldPath.of("spec", "sessionAffinity");

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.SERVICE_CONFIG, "sessionAffinity")
        .and(KindRole.SERVICE_POLICY, "targetRef", "targetRefs", "default.sessionAffinity")
        .andAnnotations(
            KindRole.SERVICE, BackendConfigAnnotation.KEY, BackendConfigAnnotation.BETA_KEY)
        .and(KindRole.INGRESS, "ingressClassName", "rules", "defaultBackend", "backend")
        .andAnnotations(KindRole.INGRESS, IngressClasses.CLASS_ANNOTATION)
        .and(KindRole.ROUTE, "parentRefs", "rules.backendRefs")
        .and(KindRole.GATEWAY, "gatewayClassName");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    List<Resource> policies = index.all(KindRole.SERVICE_POLICY);
    Set<ObjectKey> pinnedByPolicy = new HashSet<>();
    for (Resource policy : policies) {
      if (pins(policy)) {
        TargetRef.of(policy).forEach(t -> pinnedByPolicy.add(t.target().normalized()));
      }
    }
    checkGateways(index, pinnedByPolicy, reporter);
    Map<ObjectKey, Front> ingressFronts = gceIngressFronts(index);
    for (Resource policy : policies) {
      if (!pins(policy)) {
        continue;
      }
      for (TargetRef target : TargetRef.of(policy)) {
        Front front = ingressFronts.get(target.target().normalized());
        if (front != null) {
          checkIngress(index, policy, target.target(), front, reporter);
        }
      }
    }
  }

  /** A gce Ingress path that sends to a Service. */
  private record Front(Resource ingress, IngressPath path) {}

  /** The first gce Ingress path to each Service, in input order. */
  private static Map<ObjectKey, Front> gceIngressFronts(ResourceIndex index) {
    Map<ObjectKey, Front> out = new HashMap<>();
    for (Resource ingress : index.all(KindRole.INGRESS)) {
      String cls = IngressClasses.requestedClassOf(ingress);
      if (cls == null || !GkeIngressAffinityAnnotation.CLASSES.contains(cls)) {
        continue;
      }
      for (IngressPath path : IngressPath.of(ingress)) {
        out.putIfAbsent(
            new ObjectKey("", Kinds.SERVICE, ingress.namespace(), path.service()).normalized(),
            new Front(ingress, path));
      }
    }
    return out;
  }

  /** True for a GCPBackendPolicy whose affinity pins clients (a type other than NONE). */
  private static boolean pins(Resource policy) {
    MapNode affinity = GkeAffinity.of(policy);
    return affinity != null && !GkeAffinity.type(affinity).equals("NONE");
  }

  /**
   * BackendConfig affinity on the Services that routes on GKE Gateways send to, where no policy's
   * affinity pins their clients: once per Service, at the first such route.
   */
  private void checkGateways(
      ResourceIndex index, Set<ObjectKey> pinnedByPolicy, Reporter reporter) {
    Set<ObjectKey> done = new HashSet<>();
    for (RouteRule rule : index.routeRules()) {
      Resource gateway = gkeGateway(index, rule.route());
      if (gateway == null) {
        continue;
      }
      for (BackendRef backend : rule.backends()) {
        ObjectKey key = backend.target().normalized();
        if (!key.group().isEmpty()
            || !key.kind().equals(Kinds.SERVICE)
            || pinnedByPolicy.contains(key)
            || done.contains(key)) {
          continue;
        }
        Optional<Resource> service = index.find(key);
        Optional<Resource> config = service.flatMap(s -> configAffinity(index, s));
        if (config.isEmpty()) {
          continue;
        }
        done.add(key);
        reporter.report(
            info(),
            service.get(),
            FieldPath.of("metadata", "annotations", BackendConfigAnnotation.keyOn(service.get())),
            FOR_GATEWAY.format(
                "gateway",
                gateway.name(),
                "config",
                config.get().name(),
                "type",
                affinityType(config.get())),
            List.of(
                Reporter.at(rule.route(), backend.path()),
                Reporter.at(config.get(), CONFIG_AFFINITY)));
      }
    }
  }

  /** The first of the route's parent Gateways in sight whose class is one of GKE's, or null. */
  private static Resource gkeGateway(ResourceIndex index, Resource route) {
    for (ParentRef parent : index.parents(route)) {
      Optional<Resource> gateway =
          parent.gateway().role() == KindRole.GATEWAY
              ? index.find(parent.gateway())
              : Optional.empty();
      String className =
          gateway
              .map(g -> g.spec() == null ? null : g.spec().string("gatewayClassName"))
              .orElse(null);
      if (className != null && className.startsWith(GATEWAY_CLASS_PREFIX)) {
        return gateway.get();
      }
    }
    return null;
  }

  /**
   * A policy's affinity on a Service that a gce Ingress reaches, with no BackendConfig affinity.
   */
  private void checkIngress(
      ResourceIndex index, Resource policy, ObjectKey service, Front front, Reporter reporter) {
    Optional<Resource> target = index.find(service);
    if (target.isEmpty()
        || !configsKnown(index, target.get())
        || configAffinity(index, target.get()).isPresent()) {
      return; // the BackendConfig it names is not in sight, or gives the Ingress affinity
    }
    reporter.report(
        info(),
        policy,
        GkeAffinity.PATH.key("type"),
        FOR_INGRESS.format("ingress", front.ingress().name(), "service", service.name()),
        List.of(Reporter.at(front.ingress(), front.path().field())));
  }

  /** The first BackendConfig the Service names whose affinity pins clients, if one is in sight. */
  private static Optional<Resource> configAffinity(ResourceIndex index, Resource service) {
    for (ObjectKey key : References.configsOf(service)) {
      Optional<Resource> config = index.find(key);
      String type = config.map(GkeAffinityFrontMismatch::affinityType).orElse("NONE");
      if (!type.equals("NONE")) {
        return config;
      }
    }
    return Optional.empty();
  }

  /** True when every BackendConfig the Service names is in sight (or it names none). */
  private static boolean configsKnown(ResourceIndex index, Resource service) {
    return References.configsOf(service).stream().allMatch(k -> index.find(k).isPresent())
        && (BackendConfigAnnotation.keyOn(service) == null
            || !BackendConfigAnnotation.names(service).isEmpty());
  }

  /** A BackendConfig's affinityType: NONE when unset. */
  private static String affinityType(Resource config) {
    MapNode affinity = config.nodeAt(CONFIG_AFFINITY) instanceof MapNode m ? m : null;
    String type = affinity == null ? null : affinity.string("affinityType");
    return type == null ? "NONE" : type;
  }
}
