package dev.spl.rules.nginx;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** SPL207: balanced cookie affinity in front of an autoscaled workload. */
@RuleDefinition(
    id = "SPL207",
    name = "nginx-balanced-affinity-autoscaled",
    severity = Severity.INFO,
    summary =
        "ingress-nginx balanced affinity in front of a workload a HorizontalPodAutoscaler scales.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class NginxBalancedAffinityAutoscaled implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{scaler} of Service {service}: balanced affinity moves sessions on scale-up");

  @Override
  public Inputs inputs() {
    return NginxIngress.INPUTS
        .and(KindRole.SERVICE, "selector")
        .and(KindRole.WORKLOAD, "template.metadata.labels")
        .and(KindRole.HORIZONTAL_POD_AUTOSCALER, "scaleTargetRef");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    Scalers scalers = null; // built on the first Ingress that needs it
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      if (ing == null || !ing.cookieAffinity() || "persistent".equals(ing.value("affinity-mode"))) {
        continue;
      }
      scalers = scalers == null ? new Scalers(index) : scalers;
      for (IngressPath b : ing.backends()) {
        Optional<String> scaled = scalers.of(index, r.namespace(), b.service());
        if (scaled.isPresent()) {
          String at = ing.has("affinity-mode") ? "affinity-mode" : "affinity";
          reporter.report(
              info(),
              r,
              ing.at(at),
              MESSAGE.format("scaler", scaled.get(), "service", b.service()));
          break;
        }
      }
    }
  }

  /** Autoscalers by namespace and workloads by namespace/kind/name: one pass over each. */
  private static final class Scalers {
    private final Map<String, List<Resource>> autoscalers = new HashMap<>();
    private final Map<String, Resource> workloads = new HashMap<>();

    Scalers(ResourceIndex index) {
      for (Resource hpa : index.all(KindRole.HORIZONTAL_POD_AUTOSCALER)) {
        autoscalers.computeIfAbsent(hpa.namespace(), k -> new ArrayList<>()).add(hpa);
      }
      for (Resource w : index.all(KindRole.WORKLOAD)) {
        workloads.putIfAbsent(w.namespace() + "/" + w.kind() + "/" + w.name(), w);
      }
    }

    /**
     * "HPA web scales Deployment web" when an autoscaler scales a workload the Service selects;
     * when its workload is not in the input, an autoscaler of a workload named as the Service (the
     * usual chart convention).
     */
    Optional<String> of(ResourceIndex index, String ns, String service) {
      Map<String, Object> selector = selector(index, ns, service);
      for (Resource hpa : autoscalers.getOrDefault(ns, List.of())) {
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
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> selector(ResourceIndex index, String ns, String service) {
    return index
        .find(new ObjectKey("", Kinds.SERVICE, ns, service))
        .map(s -> s.spec() == null ? null : s.spec().map("selector"))
        .map(m -> (Map<String, Object>) m.toPlain())
        .orElse(null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> labels(Resource workload) {
    Node labels =
        workload.nodeAt(dev.spl.model.FieldPath.of("spec", "template", "metadata", "labels"));
    return labels instanceof MapNode m ? (Map<String, Object>) m.toPlain() : Map.of();
  }
}
