package dev.spl.migrate;

import dev.spl.load.ManifestLoader;
import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which implementation a migration writes for when {@code --to} is not given: the one serving the
 * Gateways in the input (their GatewayClass's controllerName, or a class the implementation makes
 * itself). Writing route persistence for a Gateway of Istio's class would give routes whose
 * affinity Istio ignores.
 */
public final class TargetInference {
  /**
   * What was decided: the target (GATEWAY_API when no Gateway in the input says otherwise), why,
   * and the Gateways of other targets when they disagree (then no target is chosen).
   */
  public record Inference(MigrationTarget target, String because, List<String> conflicting) {
    public boolean ambiguous() {
      return !conflicting.isEmpty();
    }
  }

  /**
   * GatewayClasses an implementation creates itself, so a Gateway names them without the class
   * being in the input: Istio's "istio" (istiod's gateway class controller), GKE's gke-l7-* and
   * gke-*, Cilium's "cilium" (made when its Gateway API support is on).
   */
  static Optional<MigrationTarget> builtInClass(String className) {
    if (className.equals("istio")) {
      return Optional.of(MigrationTarget.ISTIO);
    }
    if (className.startsWith("gke-l7-")) {
      return Optional.of(MigrationTarget.GKE);
    }
    if (className.equals("cilium")) {
      return Optional.of(MigrationTarget.CILIUM);
    }
    return Optional.empty();
  }

  private TargetInference() {}

  /** Decides from the Gateways in the sources; {@code gateway}: only that Gateway counts. */
  public static Inference infer(List<IngressNginxMigration.Source> sources, String gateway) {
    List<Resource> all = new ArrayList<>();
    for (IngressNginxMigration.Source s : sources) {
      all.addAll(new ManifestLoader().loadText(s.name(), s.text()).resources());
    }
    Map<String, String> controllers = new HashMap<>();
    for (Resource r : all) {
      if (r.is(KindCatalogue.GATEWAY_GROUP, Kinds.GATEWAY_CLASS) && r.spec() != null) {
        controllers.put(r.name(), r.spec().string("controllerName"));
      }
    }
    Map<MigrationTarget, String> found = new LinkedHashMap<>();
    for (Resource r : all) {
      if (!r.is(KindCatalogue.GATEWAY_GROUP, Kinds.GATEWAY)
          || r.spec() == null
          || (gateway != null && !gateway.equals(r.name()))) {
        continue;
      }
      String className = r.spec().string("gatewayClassName");
      if (className == null) {
        continue;
      }
      String controller = controllers.get(className);
      Optional<MigrationTarget> t =
          controller != null
              ? MigrationTarget.servingController(controller)
              : builtInClass(className);
      t.ifPresent(
          target ->
              found.putIfAbsent(
                  target,
                  "Gateway "
                      + r.name()
                      + " is of GatewayClass "
                      + className
                      + (controller != null ? " (" + controller + ")" : "")));
    }
    for (Resource r : all) {
      // the class the Ingresses will move to, when the input defines it
      String controller =
          r.is("networking.k8s.io", Kinds.INGRESS_CLASS) && r.spec() != null
              ? r.spec().string("controller")
              : null;
      MigrationTarget keeping =
          controller == null ? null : MigrationTarget.INGRESS_CONTROLLERS.get(controller);
      if (keeping != null) {
        found.putIfAbsent(
            keeping, "IngressClass " + r.name() + " (" + controller + ") is in the input");
      }
    }
    if (found.isEmpty()) {
      return new Inference(MigrationTarget.GATEWAY_API, null, List.of());
    }
    if (found.size() > 1) {
      List<String> conflicting = new ArrayList<>();
      found.forEach((t, why) -> conflicting.add(why + ": " + t.id()));
      return new Inference(MigrationTarget.GATEWAY_API, null, conflicting);
    }
    Map.Entry<MigrationTarget, String> only = found.entrySet().iterator().next();
    return new Inference(only.getKey(), only.getValue(), List.of());
  }
}
