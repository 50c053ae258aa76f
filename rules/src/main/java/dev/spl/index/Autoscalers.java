package dev.spl.index;

import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which Services of an index an autoscaler scales: a HorizontalPodAutoscaler whose scale target is
 * a workload the Service selects. The soft-affinity rules ask it (a hash over the endpoints remaps
 * clients whenever the set grows). One pass over the autoscalers and workloads; a rule makes it on
 * the first object that needs it.
 */
public final class Autoscalers {
  private final ResourceIndex index;
  private final Map<String, List<Resource>> byNamespace = new HashMap<>();
  private final Map<String, Resource> workloads = new HashMap<>();

  private Autoscalers(ResourceIndex index) {
    this.index = index;
    for (Resource hpa : index.all(KindRole.HORIZONTAL_POD_AUTOSCALER)) {
      byNamespace.computeIfAbsent(hpa.namespace(), k -> new ArrayList<>()).add(hpa);
    }
    for (Resource w : index.all(KindRole.WORKLOAD)) {
      workloads.putIfAbsent(w.namespace() + "/" + w.kind() + "/" + w.name(), w);
    }
  }

  public static Autoscalers of(ResourceIndex index) {
    return new Autoscalers(index);
  }

  /**
   * "HPA web scales Deployment web" when an autoscaler scales a workload Service {@code service}
   * selects; when its workload is not in the input, an autoscaler of a workload named as the
   * Service (the usual chart convention).
   */
  public Optional<String> scaling(String ns, String service) {
    Map<String, Object> selector = selector(ns, service);
    for (Resource hpa : byNamespace.getOrDefault(ns, List.of())) {
      MapNode target = hpa.spec() == null ? null : hpa.spec().map("scaleTargetRef");
      if (target == null || target.string("name") == null) {
        continue;
      }
      String kind = target.string("kind") == null ? "" : target.string("kind");
      String name = target.string("name");
      Resource workload = workloads.get(ns + "/" + kind + "/" + name);
      boolean selected =
          workload != null
              ? selector != null
                  && !selector.isEmpty()
                  && labels(workload).entrySet().containsAll(selector.entrySet())
              : name.equals(service);
      if (selected) {
        return Optional.of("HPA " + hpa.name() + " scales " + kind + " " + name);
      }
    }
    return Optional.empty();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> selector(String ns, String service) {
    return index
        .find(new ObjectKey("", Kinds.SERVICE, ns, service))
        .map(s -> s.spec() == null ? null : s.spec().map("selector"))
        .map(m -> (Map<String, Object>) m.toPlain())
        .orElse(null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> labels(Resource workload) {
    Node labels = workload.nodeAt(FieldPath.of("spec", "template", "metadata", "labels"));
    return labels instanceof MapNode m ? (Map<String, Object>) m.toPlain() : Map.of();
  }
}
