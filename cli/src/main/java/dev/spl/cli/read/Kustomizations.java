package dev.spl.cli.read;

import dev.spl.load.LoadLimits;
import dev.spl.load.ParsedDocument;
import dev.spl.load.YamlStreamReader;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The kustomize builds in the input, read from the kustomization files themselves (no kustomize
 * needed). Each top-level kustomization (one no other kustomization uses) is a build of its own:
 * the files it and its bases list as resources belong to it, so that a dev and a prod overlay of
 * one route are two variants, not two routes. Files listed as patches are parts of objects, not
 * objects, and are not linted alone.
 */
public final class Kustomizations {
  static final Set<String> FILE_NAMES =
      Set.of("kustomization.yaml", "kustomization.yml", "Kustomization");

  /**
   * One kustomization file: the files and directories it lists.
   *
   * @param rewritesReferences true when it may rewrite references beyond kustomize's built-in list
   *     (a {@code configurations:} nameReference, {@code replacements:}, {@code vars:}, a
   *     transformer): then which references follow a rename is not known to spl
   */
  private record Kustomization(
      Path dir,
      List<Path> resources,
      Set<Path> patches,
      String namespace,
      String namePrefix,
      String nameSuffix,
      boolean rewritesReferences,
      boolean component,
      List<String> notApplied) {}

  /**
   * The names a build gives the objects of a file: {@code prefix + name + suffix}, composed over
   * its kustomizations (the outermost prefix first, its suffix last, as each level renames its
   * bases' output).
   *
   * @param referencesKnown false when some kustomization of the build may rewrite references
   *     kustomize's built-in list does not (then a reference left as written may be rewritten)
   * @param build the build, as a user names it ({@code kustomize build overlays/prod})
   */
  record BuildNames(String prefix, String suffix, boolean referencesKnown, String build) {
    String apply(String name) {
      return prefix + name + suffix;
    }
  }

  // kustomize's PrefixTransformer and SuffixTransformer rename every kind but these
  private static final Set<String> NOT_RENAMED =
      Set.of("CustomResourceDefinition", "APIService", "Namespace");

  private final Map<Path, Kustomization> byDir = new LinkedHashMap<>();
  private final Map<Path, Set<String>> variants = new HashMap<>();
  // per file, the namespace each build that lists it sets (null: none)
  private final Map<Path, Map<String, String>> namespaces = new HashMap<>();
  // per file, the names each build that lists it gives its objects
  private final Map<Path, Map<String, BuildNames>> names = new HashMap<>();
  private final Set<Path> patches = new HashSet<>();
  private final List<String> problems = new ArrayList<>();
  // the top-level builds, by name ("deploy/overlays/prod"), each with its directory
  private final Map<String, Path> tops = new LinkedHashMap<>();

  // What a kustomization may do that spl's own reading (names, namespaces, resources) does not.
  private static final List<String> NOT_APPLIED_WITHOUT_KUSTOMIZE =
      List.of(
          "patches",
          "patchesStrategicMerge",
          "patchesJson6902",
          "components",
          "replacements",
          "vars",
          "transformers",
          "generators",
          "helmCharts",
          "replicas",
          "commonAnnotations",
          "configMapGenerator",
          "secretGenerator");

  static boolean isKustomization(Path file) {
    return FILE_NAMES.contains(file.getFileName().toString());
  }

  /** Reads the kustomization files; names builds by their directory as {@code display} shows it. */
  static Kustomizations read(
      List<Path> kustomizationFiles, java.util.function.Function<Path, String> display) {
    Kustomizations k = new Kustomizations();
    for (Path file : kustomizationFiles) {
      k.parse(file.toAbsolutePath().normalize());
    }
    Set<Path> used = new HashSet<>();
    for (Kustomization kz : k.byDir.values()) {
      for (Path r : kz.resources()) {
        if (k.byDir.containsKey(r)) {
          used.add(r);
        }
      }
    }
    // The builds start at the kustomizations given; bases found outside them are read as needed.
    for (Kustomization top : List.copyOf(k.byDir.values())) {
      if (!used.contains(top.dir())) {
        String name = display.apply(top.dir());
        if (!top.component()) {
          k.tops.put(name.isEmpty() ? "." : name, top.dir());
        }
        k.collect(
            top, name.isEmpty() ? "." : name, new HashSet<>(), top.namespace(), "", "", false);
      }
    }
    for (Path p : k.variants.keySet()) {
      k.patches.remove(p); // listed as a resource somewhere: an object after all
    }
    return k;
  }

  private void parse(Path file) {
    Path dir = file.getParent();
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      problems.add(file + ": cannot read: " + e.getMessage());
      return;
    }
    List<ParsedDocument> docs =
        new YamlStreamReader(LoadLimits.defaults()).read(file.toString(), text);
    List<Path> resources = new ArrayList<>();
    Set<Path> patchFiles = new HashSet<>();
    List<String> notApplied = new ArrayList<>();
    if (!docs.isEmpty() && docs.get(0).root() instanceof MapNode root) {
      for (String key : List.of("resources", "bases", "components")) {
        for (String ref : strings(root.get(key))) {
          if (!isRemote(ref)) {
            resources.add(dir.resolve(ref).normalize());
          } else {
            notApplied.add("the remote resource " + ref);
          }
        }
      }
      for (String key : NOT_APPLIED_WITHOUT_KUSTOMIZE) {
        if (root.has(key)) {
          notApplied.add(key);
        }
      }
      for (String ref : strings(root.get("patchesStrategicMerge"))) {
        if (!ref.contains("\n") && !isRemote(ref)) {
          patchFiles.add(dir.resolve(ref).normalize());
        }
      }
      for (String key : List.of("patches", "patchesJson6902")) {
        if (root.get(key) instanceof ListNode list) {
          for (Node item : list.items()) {
            if (item instanceof MapNode m && m.string("path") != null) {
              patchFiles.add(dir.resolve(m.string("path")).normalize());
            } else if (item instanceof ScalarNode s && s.value() instanceof String path) {
              patchFiles.add(dir.resolve(path).normalize());
            }
          }
        }
      }
    }
    MapNode root = !docs.isEmpty() && docs.get(0).root() instanceof MapNode m ? m : null;
    String namespace = root == null ? null : root.string("namespace");
    boolean rewrites =
        root != null
            && List.of("configurations", "replacements", "vars", "transformers").stream()
                .anyMatch(root::has);
    byDir.put(
        dir,
        new Kustomization(
            dir,
            resources,
            patchFiles,
            namespace,
            root == null ? null : root.string("namePrefix"),
            root == null ? null : root.string("nameSuffix"),
            rewrites,
            root != null && "Component".equals(root.string("kind")),
            notApplied));
    patches.addAll(patchFiles);
  }

  /**
   * @param namespace the namespace the build sets so far: the outermost kustomization that sets one
   *     wins, as kustomize applies each level's namespace after its bases'
   * @param prefix the name prefix of the levels above, outermost first
   * @param suffix the name suffix of the levels above, outermost last
   */
  private void collect(
      Kustomization k,
      String variant,
      Set<Path> visiting,
      String namespace,
      String prefix,
      String suffix,
      boolean rewrites) {
    if (!visiting.add(k.dir())) {
      return; // a cycle: kustomize rejects it; spl just stops
    }
    String ns = namespace != null ? namespace : k.namespace();
    String p = prefix + (k.namePrefix() == null ? "" : k.namePrefix());
    String s = (k.nameSuffix() == null ? "" : k.nameSuffix()) + suffix;
    boolean r = rewrites || k.rewritesReferences();
    for (Path res : k.resources()) {
      Kustomization base = byDir.get(res);
      if (base == null && Files.isDirectory(res)) {
        base =
            parseIn(res); // a base outside the directories linted: kustomize reads it all the same
      }
      if (base != null) {
        collect(base, variant, visiting, ns, p, s, r);
      } else if (Files.isDirectory(res)) {
        problems.add(res + ": listed as a kustomize resource but holds no kustomization file");
      } else {
        variants.computeIfAbsent(res, f -> new TreeSet<>()).add(variant);
        namespaces.computeIfAbsent(res, f -> new HashMap<>()).put(variant, ns);
        names
            .computeIfAbsent(res, f -> new HashMap<>())
            .put(variant, new BuildNames(p, s, !r, "kustomize build " + variant));
      }
    }
    visiting.remove(k.dir());
  }

  /** The kustomization of {@code dir}, parsed, or null when it has none. */
  private Kustomization parseIn(Path dir) {
    for (String name : List.of("kustomization.yaml", "kustomization.yml", "Kustomization")) {
      Path file = dir.resolve(name);
      if (Files.isRegularFile(file)) {
        parse(file.toAbsolutePath().normalize());
        return byDir.get(dir);
      }
    }
    return null;
  }

  /**
   * The files the builds list as resources that are not among {@code read} (a base outside the
   * directories linted, {@code spl lint overlays/prod}), in path order.
   */
  List<Path> filesBeyond(java.util.Collection<Path> read) {
    Set<Path> given = new HashSet<>();
    for (Path p : read) {
      given.add(p.toAbsolutePath().normalize());
    }
    return variants.keySet().stream()
        .filter(p -> !given.contains(p) && Files.isRegularFile(p))
        .sorted()
        .toList();
  }

  private static boolean isRemote(String ref) {
    return ref.contains("://") || ref.startsWith("github.com/") || ref.contains("?ref=");
  }

  private static List<String> strings(Node node) {
    List<String> out = new ArrayList<>();
    if (node instanceof ListNode list) {
      for (Node item : list.items()) {
        if (item instanceof ScalarNode s && s.value() instanceof String text) {
          out.add(text);
        }
      }
    }
    return out;
  }

  /** The builds {@code file} belongs to; empty when no kustomization lists it (shared by all). */
  Set<String> variantsOf(Path file) {
    return variants.getOrDefault(file.toAbsolutePath().normalize(), Set.of());
  }

  /**
   * The namespace kustomize gives the namespaced objects of {@code file}: the one every build
   * listing it sets. Empty when none sets one, or when builds set different ones (a base shared by
   * a dev and a prod overlay): then the file is linted with the namespaces it writes.
   */
  java.util.Optional<String> namespaceOf(Path file) {
    Map<String, String> byBuild = namespaces.get(file.toAbsolutePath().normalize());
    if (byBuild == null || byBuild.isEmpty()) {
      return java.util.Optional.empty();
    }
    Set<String> distinct = new HashSet<>(byBuild.values());
    String only = distinct.size() == 1 ? distinct.iterator().next() : null;
    return only == null || only.isEmpty()
        ? java.util.Optional.empty()
        : java.util.Optional.of(only);
  }

  /**
   * The names the builds listing {@code file} give its objects, when every one of them gives the
   * same and some prefix or suffix is set. A base shared by overlays that name differently keeps
   * the names it writes (as with namespaces: one copy of each object per overlay would repeat every
   * finding).
   */
  java.util.Optional<BuildNames> namesOf(Path file) {
    Map<String, BuildNames> byBuild = names.get(file.toAbsolutePath().normalize());
    if (byBuild == null || byBuild.isEmpty()) {
      return java.util.Optional.empty();
    }
    Set<String> distinct = new HashSet<>();
    for (BuildNames n : byBuild.values()) {
      distinct.add(n.prefix() + "\0" + n.suffix() + "\0" + n.referencesKnown());
    }
    BuildNames any = byBuild.values().iterator().next();
    if (distinct.size() != 1 || any.prefix().isEmpty() && any.suffix().isEmpty()) {
      return java.util.Optional.empty();
    }
    String builds = String.join(", ", new TreeSet<>(byBuild.keySet()));
    return java.util.Optional.of(
        new BuildNames(
            any.prefix(),
            any.suffix(),
            any.referencesKnown(),
            (byBuild.size() == 1 ? "kustomize build " : "kustomize builds ") + builds));
  }

  /**
   * One way {@code file}'s objects are built: the builds that build them alike, with the namespace
   * and names those builds give them (empty: as written).
   */
  record Reading(
      Set<String> builds,
      java.util.Optional<String> namespace,
      java.util.Optional<BuildNames> names) {}

  /**
   * How the builds listing {@code file} build its objects: one reading when they all build them
   * alike (or none lists it), else one per group of builds that agree, so that each build is judged
   * as it is built (a prefix only the prod overlay sets renames the Service its route names there,
   * and only there). The caller reads the file once per reading.
   */
  List<Reading> readingsOf(Path file) {
    Path key = file.toAbsolutePath().normalize();
    Set<String> builds = variantsOf(file);
    Map<String, Set<String>> groups = new java.util.TreeMap<>();
    Map<String, String> byNamespace = namespaces.getOrDefault(key, Map.of());
    Map<String, BuildNames> byNames = names.getOrDefault(key, Map.of());
    for (String b : new TreeSet<>(builds)) {
      String ns = byNamespace.get(b);
      BuildNames n = byNames.get(b);
      String sig =
          (ns == null ? "" : ns)
              + "\0"
              + (n == null ? "\0\0" : n.prefix() + "\0" + n.suffix() + "\0" + n.referencesKnown());
      groups.computeIfAbsent(sig, k -> new TreeSet<>()).add(b);
    }
    if (groups.size() <= 1) {
      return List.of(new Reading(builds, namespaceOf(file), namesOf(file)));
    }
    List<Reading> out = new ArrayList<>();
    for (Set<String> group : groups.values()) {
      String first = group.iterator().next();
      String ns = byNamespace.get(first);
      BuildNames n = byNames.get(first);
      out.add(
          new Reading(
              Set.copyOf(group),
              ns == null || ns.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(ns),
              n == null || (n.prefix().isEmpty() && n.suffix().isEmpty())
                  ? java.util.Optional.empty()
                  : java.util.Optional.of(
                      new BuildNames(
                          n.prefix(),
                          n.suffix(),
                          n.referencesKnown(),
                          (group.size() == 1 ? "kustomize build " : "kustomize builds ")
                              + String.join(", ", group)))));
    }
    return out;
  }

  /** True when kustomize's name prefix and suffix leave objects of {@code kind} as they are. */
  static boolean keepsName(String kind) {
    return NOT_RENAMED.contains(kind);
  }

  /** True for a file kustomize applies as a patch, and no build lists as a resource. */
  boolean isPatch(Path file) {
    return patches.contains(file.toAbsolutePath().normalize());
  }

  /** The top-level builds (no other kustomization uses them), by name, with their directories. */
  Map<String, Path> tops() {
    return tops;
  }

  /**
   * What spl's own reading of the build {@code top} leaves out, that kustomize would apply: its
   * kustomizations' patches, components, replacements, remote resources, ...
   */
  List<String> notAppliedWithoutKustomize(Path top) {
    Set<String> out = new java.util.LinkedHashSet<>();
    collectNotApplied(byDir.get(top.toAbsolutePath().normalize()), out, new HashSet<>());
    return List.copyOf(out);
  }

  private void collectNotApplied(Kustomization k, Set<String> out, Set<Path> visiting) {
    if (k == null || !visiting.add(k.dir())) {
      return;
    }
    out.addAll(k.notApplied());
    for (Path res : k.resources()) {
      collectNotApplied(byDir.get(res), out, visiting);
    }
  }

  /** Kustomization files that could not be read, and resources that point nowhere. */
  List<String> problems() {
    return problems;
  }
}
