package dev.spl.index;

import dev.spl.model.KindRole;
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
  public static final IngressClasses NONE = new IngressClasses(Map.of());

  /** The controller name of ingress-nginx (kubernetes/ingress-nginx), as its IngressClass says. */
  public static final String INGRESS_NGINX = "k8s.io/ingress-nginx";

  private final Map<String, String> controllers;

  private IngressClasses(Map<String, String> controllers) {
    this.controllers = Map.copyOf(controllers);
  }

  /** The classes among {@code resources} (other kinds are passed over). */
  public static IngressClasses of(Collection<Resource> resources) {
    Map<String, String> controllers = new HashMap<>();
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
    }
    ambiguous.forEach(controllers::remove);
    return controllers.isEmpty() ? NONE : new IngressClasses(controllers);
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
