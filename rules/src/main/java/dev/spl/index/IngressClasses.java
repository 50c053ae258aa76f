package dev.spl.index;

import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which controller serves each Ingress class, from the IngressClass objects spl is given (the
 * repository's, or the cluster's in the webhook): {@code spec.controller} by class name. A class
 * defined twice with different controllers says nothing (which one the cluster has is not known),
 * and a class not given is left to the Ingress's own annotations.
 */
public final class IngressClasses {
  /** No IngressClass known: every Ingress is judged by its class name and annotations. */
  public static final IngressClasses NONE = new IngressClasses(Map.of(), Map.of());

  /** The controller name of ingress-nginx (kubernetes/ingress-nginx), as its IngressClass says. */
  public static final String INGRESS_NGINX = "k8s.io/ingress-nginx";

  private final Map<String, String> controllers;
  // by class name, the object its spec.parameters names (a class defined alike twice keeps one)
  private final Map<String, ObjectKey> parameters;

  private IngressClasses(Map<String, String> controllers, Map<String, ObjectKey> parameters) {
    this.controllers = Map.copyOf(controllers);
    this.parameters = Map.copyOf(parameters);
  }

  /** The classes among {@code resources} (other kinds are passed over). */
  public static IngressClasses of(Collection<Resource> resources) {
    Map<String, String> controllers = new HashMap<>();
    Map<String, ObjectKey> parameters = new HashMap<>();
    Set<String> ambiguous = new HashSet<>();
    for (Resource r : resources) {
      String controller = r.spec() == null ? null : r.spec().string("controller");
      if (r.role() != KindRole.INGRESS_CLASS || controller == null || r.name().isEmpty()) {
        continue;
      }
      String before = controllers.putIfAbsent(r.name(), controller);
      if (before != null && !before.equals(controller)) {
        ambiguous.add(r.name());
      }
      MapNode params = r.spec().map("parameters");
      if (params != null && params.string("kind") != null && params.string("name") != null) {
        String group = params.string("apiGroup") == null ? "" : params.string("apiGroup");
        String namespace =
            "Namespace".equals(params.string("scope")) && params.string("namespace") != null
                ? params.string("namespace")
                : "";
        ObjectKey key =
            new ObjectKey(group, params.string("kind"), namespace, params.string("name"));
        ObjectKey other = parameters.putIfAbsent(r.name(), key);
        if (other != null && !other.equals(key)) {
          ambiguous.add(r.name());
        }
      }
    }
    ambiguous.forEach(controllers::remove);
    ambiguous.forEach(parameters::remove);
    return controllers.isEmpty() ? NONE : new IngressClasses(controllers, parameters);
  }

  /** The legacy class annotation, read where an Ingress names no ingressClassName. */
  public static final String CLASS_ANNOTATION = "kubernetes.io/ingress.class";

  /** An Ingress's spec.ingressClassName: the name of an IngressClass, or null. */
  public static String classNameOf(Resource ingress) {
    return ingress.spec() == null ? null : ScalarNode.text(ingress.spec().get("ingressClassName"));
  }

  /**
   * The class an Ingress asks for as controllers read it: its ingressClassName, else the legacy
   * annotation (matched against a controller's own class flag, not an IngressClass); null for none.
   */
  public static String requestedClassOf(Resource ingress) {
    String cls = classNameOf(ingress);
    if (cls == null && ingress.annotations() != null) {
      cls = ScalarNode.text(ingress.annotations().get(CLASS_ANNOTATION));
    }
    return cls;
  }

  /** The controller an IngressClass given names for {@code ingress}'s ingressClassName. */
  public Optional<String> controllerFor(Resource ingress) {
    return controllerOf(classNameOf(ingress));
  }

  /** The object the IngressClass of {@code ingress}'s ingressClassName names as its parameters. */
  public Optional<ObjectKey> parametersFor(Resource ingress) {
    String cls = classNameOf(ingress);
    return cls == null ? Optional.empty() : Optional.ofNullable(parameters.get(cls));
  }

  /** The controller of class {@code className}, when an IngressClass given says it. */
  public Optional<String> controllerOf(String className) {
    return className == null ? Optional.empty() : Optional.ofNullable(controllers.get(className));
  }

  public boolean isEmpty() {
    return controllers.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IngressClasses other && controllers.equals(other.controllers);
  }

  @Override
  public int hashCode() {
    return controllers.hashCode();
  }

  @Override
  public String toString() {
    return "IngressClasses" + controllers;
  }
}
