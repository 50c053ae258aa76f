package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * What an object names by reference, as the cross-resource rules follow it: a route's Gateways and
 * backends, a policy's targets, an Ingress's Services, a Gateway's GatewayClass, an autoscaler's
 * workload. Keys are {@link ObjectKey#normalized() normalized}.
 */
public final class References {
  private References() {}

  /** Everything {@code r} names, in document order, without repeats. */
  public static List<ObjectKey> named(Resource r) {
    List<ObjectKey> out = new ArrayList<>();
    switch (r.role()) {
      case ROUTE -> {
        for (ParentRef p : ParentRef.of(r)) {
          out.add(p.gateway().normalized());
        }
        out.addAll(backendsOf(r));
      }
      case POLICY, SERVICE_POLICY -> out.addAll(targetsOf(r));
      case INGRESS -> out.addAll(servicesOf(r));
      case SERVICE -> out.addAll(configsOf(r));
      case GATEWAY -> {
        String className = r.spec() == null ? null : r.spec().string("gatewayClassName");
        if (className != null) {
          out.add(new ObjectKey(KindCatalogue.GATEWAY_GROUP, Kinds.GATEWAY_CLASS, "", className));
        }
      }
      case HORIZONTAL_POD_AUTOSCALER -> {
        ObjectKey workload = scaleTargetOf(r);
        if (workload != null) {
          out.add(workload);
        }
      }
      default -> {
        // names nothing the rules follow
      }
    }
    return out.stream().distinct().toList();
  }

  /** The backends of every rule of a route. */
  static List<ObjectKey> backendsOf(Resource route) {
    List<ObjectKey> out = new ArrayList<>();
    ListNode rules = route.spec() == null ? null : route.spec().list("rules");
    if (rules == null) {
      return out;
    }
    for (int i = 0; i < rules.size(); i++) {
      if (rules.get(i) instanceof MapNode rule) {
        for (BackendRef b : BackendRef.of(route, i, rule)) {
          out.add(b.target().normalized());
        }
      }
    }
    return out;
  }

  /** A policy's targetRefs (local: in the policy's namespace; kind Service when unset). */
  static List<ObjectKey> targetsOf(Resource policy) {
    return TargetRef.of(policy).stream().map(t -> t.target().normalized()).toList();
  }

  /** The Services an Ingress sends to (its paths' backends and its default backend). */
  static List<ObjectKey> servicesOf(Resource ingress) {
    return IngressPath.of(ingress).stream()
        .map(p -> new ObjectKey("", Kinds.SERVICE, ingress.namespace(), p.service()).normalized())
        .distinct()
        .toList();
  }

  /**
   * The BackendConfigs a Service names for GKE's Ingress: its {@code
   * cloud.google.com/backend-config} annotation (or the older {@code beta.} one), JSON of a default
   * and per-port names, in their order, without repeats; none when the annotation does not parse.
   */
  public static List<ObjectKey> configsOf(Resource service) {
    List<ObjectKey> out = new ArrayList<>();
    for (String name : BackendConfigAnnotation.names(service)) {
      out.add(
          new ObjectKey(
                  BackendConfigAnnotation.GROUP, Kinds.BACKEND_CONFIG, service.namespace(), name)
              .normalized());
    }
    return out.stream().distinct().toList();
  }

  /** The workload an autoscaler scales, or null when its scaleTargetRef is incomplete. */
  static ObjectKey scaleTargetOf(Resource hpa) {
    MapNode spec = hpa.spec();
    MapNode target = spec == null ? null : spec.map("scaleTargetRef");
    if (target == null || target.string("kind") == null || target.string("name") == null) {
      return null;
    }
    String apiVersion = target.string("apiVersion") == null ? "" : target.string("apiVersion");
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    return new ObjectKey(group, target.string("kind"), hpa.namespace(), target.string("name"));
  }
}
