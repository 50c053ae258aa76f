package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a rule reads: per catalogued kind, the paths under {@code spec} (dotted, {@code
 * "rules.backendRefs"}; a list's items are walked through; {@code "*"} for the whole spec) and the
 * prefixes of the annotations it reads ({@code "nginx.ingress.kubernetes.io/"}). Every object also
 * keeps its kind, name, namespace and spl's own annotations. Every rule declares its inputs: the
 * engine gives a single-object rule only objects of the kinds it declares, keeps only the union of
 * the cross-resource rules' inputs of a large lint, and a webhook reviews, watches and is granted
 * only the kinds some rule reads ({@link dev.spl.catalogue.BuiltInRules}).
 *
 * @param everyKind true for a rule that reads every object, catalogued or not, for spl's own
 *     annotations (a suppression without a reason); it makes no kind reviewed
 */
public record Inputs(
    Map<KindCatalogue.Kind, Set<String>> fields,
    Map<KindCatalogue.Kind, Set<String>> annotations,
    boolean everyKind) {
  public static final Inputs NONE = new Inputs(Map.of(), Map.of(), false);

  /** Every object's kind, name and spl's own annotations. */
  public static final Inputs EVERY_OBJECT = new Inputs(Map.of(), Map.of(), true);

  /** The path that keeps a kind's whole spec. */
  public static final String WHOLE_SPEC = "*";

  public Inputs {
    fields = frozen(fields);
    annotations = frozen(annotations);
  }

  private static Map<KindCatalogue.Kind, Set<String>> frozen(
      Map<KindCatalogue.Kind, Set<String>> map) {
    Map<KindCatalogue.Kind, Set<String>> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(k, Set.copyOf(new TreeSet<>(v))));
    return Map.copyOf(copy);
  }

  /**
   * Objects of every kind of {@code role}, with these spec paths (none: only that they exist, and
   * their name).
   */
  public static Inputs of(KindRole role, String... specPaths) {
    return NONE.and(role, specPaths);
  }

  /**
   * Objects of {@code kind} (a {@link dev.spl.model.Kinds} name, in every group it is catalogued).
   */
  public static Inputs of(String kind, String... specPaths) {
    return NONE.and(kind, specPaths);
  }

  /** Objects of the one catalogued {@code kind}, with these spec paths. */
  public static Inputs of(KindCatalogue.Kind kind, String... specPaths) {
    return NONE.and(List.of(kind), specPaths);
  }

  /** These inputs and objects of every kind of {@code role} with these spec paths. */
  public Inputs and(KindRole role, String... specPaths) {
    return and(KindCatalogue.withRole(role), specPaths);
  }

  /** These inputs and objects of {@code kind} (every group) with these spec paths. */
  public Inputs and(String kind, String... specPaths) {
    return and(named(kind), specPaths);
  }

  /** These inputs and, of objects of every kind of {@code role}, the annotations under these. */
  public Inputs andAnnotations(KindRole role, String... prefixes) {
    return andAnnotations(KindCatalogue.withRole(role), prefixes);
  }

  /** These inputs and, of objects of {@code kind} (every group), the annotations under these. */
  public Inputs andAnnotations(String kind, String... prefixes) {
    return andAnnotations(named(kind), prefixes);
  }

  private Inputs and(List<KindCatalogue.Kind> kinds, String... specPaths) {
    Map<KindCatalogue.Kind, Set<String>> more = fields;
    for (KindCatalogue.Kind k : kinds) {
      more = added(more, k, specPaths);
    }
    return new Inputs(more, annotations, everyKind);
  }

  private Inputs andAnnotations(List<KindCatalogue.Kind> kinds, String... prefixes) {
    Map<KindCatalogue.Kind, Set<String>> moreFields = fields;
    Map<KindCatalogue.Kind, Set<String>> moreAnnotations = annotations;
    for (KindCatalogue.Kind k : kinds) {
      moreFields = added(moreFields, k);
      moreAnnotations = added(moreAnnotations, k, prefixes);
    }
    return new Inputs(moreFields, moreAnnotations, everyKind);
  }

  private static List<KindCatalogue.Kind> named(String kind) {
    List<KindCatalogue.Kind> all =
        KindCatalogue.all().stream().filter(k -> k.kind().equals(kind)).toList();
    if (all.isEmpty()) {
      throw new IllegalArgumentException(kind + " is no catalogued kind");
    }
    return all;
  }

  private static Map<KindCatalogue.Kind, Set<String>> added(
      Map<KindCatalogue.Kind, Set<String>> to, KindCatalogue.Kind kind, String... values) {
    Map<KindCatalogue.Kind, Set<String>> more = new LinkedHashMap<>(to);
    Set<String> set = new TreeSet<>(more.getOrDefault(kind, Set.of()));
    set.addAll(List.of(values));
    more.put(kind, set);
    return more;
  }

  /** Everything any of {@code all} reads. */
  public static Inputs union(Collection<Inputs> all) {
    Map<KindCatalogue.Kind, Set<String>> fields = new LinkedHashMap<>();
    Map<KindCatalogue.Kind, Set<String>> annotations = new LinkedHashMap<>();
    boolean every = false;
    for (Inputs i : all) {
      i.fields.forEach((k, v) -> fields.computeIfAbsent(k, x -> new TreeSet<>()).addAll(v));
      i.annotations.forEach(
          (k, v) -> annotations.computeIfAbsent(k, x -> new TreeSet<>()).addAll(v));
      every |= i.everyKind;
    }
    return new Inputs(fields, annotations, every);
  }

  /** These inputs without {@code kind}: what a rule would see had it not declared it. */
  public Inputs without(KindCatalogue.Kind kind) {
    Map<KindCatalogue.Kind, Set<String>> f = new LinkedHashMap<>(fields);
    Map<KindCatalogue.Kind, Set<String>> a = new LinkedHashMap<>(annotations);
    f.remove(kind);
    a.remove(kind);
    return new Inputs(f, a, everyKind);
  }

  /** These inputs without {@code kind}'s spec path or annotation prefix {@code declared}. */
  public Inputs without(KindCatalogue.Kind kind, String declared) {
    Map<KindCatalogue.Kind, Set<String>> f = new LinkedHashMap<>(fields);
    Map<KindCatalogue.Kind, Set<String>> a = new LinkedHashMap<>(annotations);
    f.computeIfPresent(kind, (k, v) -> minus(v, declared));
    a.computeIfPresent(kind, (k, v) -> minus(v, declared));
    return new Inputs(f, a, everyKind);
  }

  private static Set<String> minus(Set<String> set, String value) {
    Set<String> less = new TreeSet<>(set);
    less.remove(value);
    return less;
  }

  /** The catalogued kinds these inputs read, in catalogue order. */
  public List<KindCatalogue.Kind> kinds() {
    return KindCatalogue.all().stream().filter(fields::containsKey).toList();
  }

  /**
   * The kinds a webhook keeps a cache of: those it reviews (the background audit lints them) and
   * those these inputs read.
   */
  public List<KindCatalogue.Kind> watched(Collection<KindCatalogue.Kind> reviewed) {
    return KindCatalogue.all().stream()
        .filter(k -> reviewed.contains(k) || fields.containsKey(k))
        .toList();
  }

  /** True when some kind of {@code role} is read. */
  public boolean reads(KindRole role) {
    return fields.keySet().stream().anyMatch(k -> k.role() == role);
  }

  /** True when objects of {@code kind} (a catalogue entry, or null for one it lacks) are read. */
  public boolean reads(KindCatalogue.Kind kind) {
    return kind == null ? everyKind : everyKind || fields.containsKey(kind);
  }

  /** True when some kind of {@code role}'s spec path {@code path} (or a path above it) is read. */
  public boolean reads(KindRole role, String path) {
    for (Map.Entry<KindCatalogue.Kind, Set<String>> e : fields.entrySet()) {
      if (e.getKey().role() != role) {
        continue;
      }
      for (String p : e.getValue()) {
        if (p.equals(WHOLE_SPEC) || path.equals(p) || path.startsWith(p + ".")) {
          return true;
        }
      }
    }
    return false;
  }

  /** True when the annotation {@code key} of objects of {@code kind} is read. */
  public boolean readsAnnotation(KindCatalogue.Kind kind, String key) {
    for (String prefix : annotations.getOrDefault(kind, Set.of())) {
      if (key.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** The annotation prefixes read of objects of any kind of {@code role}. */
  public Set<String> annotationsOf(KindRole role) {
    return ofRole(annotations, role);
  }

  /** The spec paths read of objects of any kind of {@code role}. */
  public Set<String> fieldsOf(KindRole role) {
    return ofRole(fields, role);
  }

  private static Set<String> ofRole(Map<KindCatalogue.Kind, Set<String>> map, KindRole role) {
    Set<String> all = new TreeSet<>();
    map.forEach(
        (k, v) -> {
          if (k.role() == role) {
            all.addAll(v);
          }
        });
    return all;
  }
}
