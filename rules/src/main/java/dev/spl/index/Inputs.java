package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
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
public record Inputs(Map<KindRole, Set<String>> fields, Map<KindRole, Set<String>> annotations) {
  public static final Inputs NONE = new Inputs(Map.of(), Map.of());

  public Inputs {
    fields = frozen(fields);
    annotations = frozen(annotations);
  }

  private static Map<KindRole, Set<String>> frozen(Map<KindRole, Set<String>> map) {
    Map<KindRole, Set<String>> copy = new EnumMap<>(KindRole.class);
    map.forEach((k, v) -> copy.put(k, Set.copyOf(new TreeSet<>(v))));
    return Map.copyOf(copy);
  }

  /**
   * Objects of {@code kind}, with these spec paths (none: only that they exist, and their name).
   */
  public static Inputs of(KindRole kind, String... specPaths) {
    return NONE.and(kind, specPaths);
  }

  /** These inputs and objects of {@code kind} with these spec paths. */
  public Inputs and(KindRole kind, String... specPaths) {
    return new Inputs(added(fields, kind, specPaths), annotations);
  }

  /** These inputs and, of objects of {@code kind}, the annotations starting with these prefixes. */
  public Inputs andAnnotations(KindRole kind, String... prefixes) {
    return new Inputs(added(fields, kind), added(annotations, kind, prefixes));
  }

  private static Map<KindRole, Set<String>> added(
      Map<KindRole, Set<String>> to, KindRole kind, String... values) {
    Map<KindRole, Set<String>> more = new EnumMap<>(KindRole.class);
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
      for (Map.Entry<KindRole, Set<String>> e : i.fields.entrySet()) {
        out = out.and(e.getKey(), e.getValue().toArray(String[]::new));
      }
      for (Map.Entry<KindRole, Set<String>> e : i.annotations.entrySet()) {
        out = out.andAnnotations(e.getKey(), e.getValue().toArray(String[]::new));
      }
    }
    return out;
  }

  /**
   * The kinds a webhook keeps a cache of: those it reviews (the background audit lints them) and
   * those these inputs read.
   */
  public List<KindCatalogue.Kind> watched() {
    return KindCatalogue.all().stream().filter(k -> k.reviewed() || reads(k.role())).toList();
  }

  public boolean reads(KindRole kind) {
    return fields.containsKey(kind);
  }

  /** True when {@code kind}'s spec path {@code path} (or a path above it) is read. */
  public boolean reads(KindRole kind, String path) {
    for (String p : fields.getOrDefault(kind, Set.of())) {
      if (path.equals(p) || path.startsWith(p + ".")) {
        return true;
      }
    }
    return false;
  }

  /** True when the annotation {@code key} of objects of {@code kind} is read. */
  public boolean readsAnnotation(KindRole kind, String key) {
    for (String prefix : annotations.getOrDefault(kind, Set.of())) {
      if (key.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }
}
