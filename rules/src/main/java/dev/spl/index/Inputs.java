package dev.spl.index;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a cross-resource rule reads: per kind of object, the paths under {@code spec} (dotted,
 * {@code "rules.backendRefs"}; a list's items are walked through) and the prefixes of the
 * annotations it reads ({@code "nginx.ingress.kubernetes.io/"}). Every object also keeps its kind,
 * name, namespace and spl's own annotations. The engine keeps only the union of its rules' inputs
 * of a large lint, and a webhook watches only the kinds some rule reads.
 */
public record Inputs(Map<Kind, Set<String>> fields, Map<Kind, Set<String>> annotations) {
  /** The kinds of object the index knows, as the cross-resource rules see them. */
  public enum Kind {
    /** HTTPRoute, GRPCRoute. */
    ROUTE,
    /** BackendLBPolicy, XBackendTrafficPolicy. */
    POLICY,
    /** GEP-1619's Backend (XBackend). */
    BACKEND,
    SERVICE,
    GATEWAY,
    GATEWAY_CLASS,
    /** networking.k8s.io Ingress. */
    INGRESS,
    HORIZONTAL_POD_AUTOSCALER,
    /** Deployment, StatefulSet: what an autoscaler scales and a Service selects. */
    WORKLOAD,
    /**
     * networking.k8s.io IngressClass: which controller serves a class. The webhook watches it and
     * gives the rules its controllers ({@link IngressClasses}); the index does not keep it.
     */
    INGRESS_CLASS
  }

  public static final Inputs NONE = new Inputs(Map.of(), Map.of());

  public Inputs {
    fields = frozen(fields);
    annotations = frozen(annotations);
  }

  private static Map<Kind, Set<String>> frozen(Map<Kind, Set<String>> map) {
    Map<Kind, Set<String>> copy = new EnumMap<>(Kind.class);
    map.forEach((k, v) -> copy.put(k, Set.copyOf(new TreeSet<>(v))));
    return Map.copyOf(copy);
  }

  /**
   * Objects of {@code kind}, with these spec paths (none: only that they exist, and their name).
   */
  public static Inputs of(Kind kind, String... specPaths) {
    return NONE.and(kind, specPaths);
  }

  /** These inputs and objects of {@code kind} with these spec paths. */
  public Inputs and(Kind kind, String... specPaths) {
    return new Inputs(added(fields, kind, specPaths), annotations);
  }

  /** These inputs and, of objects of {@code kind}, the annotations starting with these prefixes. */
  public Inputs andAnnotations(Kind kind, String... prefixes) {
    return new Inputs(added(fields, kind), added(annotations, kind, prefixes));
  }

  private static Map<Kind, Set<String>> added(
      Map<Kind, Set<String>> to, Kind kind, String... values) {
    Map<Kind, Set<String>> more = new EnumMap<>(Kind.class);
    more.putAll(to);
    Set<String> set = new TreeSet<>(more.getOrDefault(kind, Set.of()));
    set.addAll(Set.of(values));
    more.put(kind, set);
    return more;
  }

  /** Everything any of {@code all} reads. */
  public static Inputs union(Collection<Inputs> all) {
    Inputs out = NONE;
    for (Inputs i : all) {
      for (Map.Entry<Kind, Set<String>> e : i.fields.entrySet()) {
        out = out.and(e.getKey(), e.getValue().toArray(String[]::new));
      }
      for (Map.Entry<Kind, Set<String>> e : i.annotations.entrySet()) {
        out = out.andAnnotations(e.getKey(), e.getValue().toArray(String[]::new));
      }
    }
    return out;
  }

  public boolean reads(Kind kind) {
    return fields.containsKey(kind);
  }

  /** True when {@code kind}'s spec path {@code path} (or a path above it) is read. */
  public boolean reads(Kind kind, String path) {
    for (String p : fields.getOrDefault(kind, Set.of())) {
      if (path.equals(p) || path.startsWith(p + ".")) {
        return true;
      }
    }
    return false;
  }

  /** True when the annotation {@code key} of objects of {@code kind} is read. */
  public boolean readsAnnotation(Kind kind, String key) {
    for (String prefix : annotations.getOrDefault(kind, Set.of())) {
      if (key.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }
}
