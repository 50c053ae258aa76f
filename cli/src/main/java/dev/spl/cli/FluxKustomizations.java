package dev.spl.cli;

import dev.spl.load.LoadedInput;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Flux Kustomizations (kustomize.toolkit.fluxcd.io) that deploy a path of this repository with
 * fields of their own, built as kustomize-controller builds them: the path's kustomization with the
 * Kustomization's {@code components} (relative to its path), {@code targetNamespace}, {@code
 * namePrefix}/{@code nameSuffix}, {@code images} and inline {@code patches} over it (through the
 * real kustomize), then {@code postBuild} substitution ({@link FluxSubstitution}) with {@code
 * substituteFrom} ConfigMaps of the repository (in order) and {@code substitute} over them. A
 * Kustomization whose path holds no kustomization.yaml, or that needs nothing of its own, is left
 * to the walk ({@link Deployments} says which).
 */
final class FluxKustomizations {
  /** The Kustomization's fields kustomize-controller applies over the path's own build. */
  static final List<String> OWN_FIELDS =
      List.of(
          "components",
          "targetNamespace",
          "namePrefix",
          "nameSuffix",
          "images",
          "patches",
          "postBuild");

  private final List<Resource> noted = new ArrayList<>();

  /**
   * One Kustomization's build: its objects' YAML and what placing them needs, or why not; {@code
   * unresolved}: the variables it left as written (from sources spl could not read).
   */
  record Outcome(
      Resource kustomization,
      Path dir,
      String unitName,
      KustomizeTool.Build build,
      String problem,
      Set<String> unresolved,
      java.util.function.UnaryOperator<String> names) {
    boolean made() {
      return problem == null && build != null && build.made();
    }

    String reason() {
      return problem != null ? problem : "kustomize says: " + build.error();
    }
  }

  /** Takes note of the Flux Kustomizations in {@code part} that this class builds. */
  void note(LoadedInput part, Function<Resource, Path> repositoryRoot) {
    for (Resource r : part.resources()) {
      if (r.group().equals(Deployments.FLUX_KUSTOMIZE)
          && r.kind().equals("Kustomization")
          && builds(r, repositoryRoot.apply(r))) {
        boolean seen = false;
        for (Resource other : noted) {
          seen |=
              other.position().equals(r.position())
                  && other.ref().equals(r.ref())
                  && java.util.Objects.equals(other.spec().toPlain(), r.spec().toPlain());
        }
        if (!seen) {
          noted.add(r);
        }
      }
    }
  }

  /**
   * The directories (absolute) that the Flux Kustomizations written in {@code files} deploy with
   * fields of their own: found before the walk reads them, so that those paths are linted as Flux
   * builds them and not also as written.
   */
  static Set<Path> deployedPaths(List<Path> files, Path walkRoot) {
    Set<Path> out = new LinkedHashSet<>();
    Load load = new Load(LoadSettings.builder().setAllowDuplicateKeys(true).build());
    for (Path f : files) {
      String text;
      try {
        if (Files.size(f) > (4 << 20)) {
          continue;
        }
        text = Files.readString(f);
      } catch (IOException | RuntimeException e) {
        continue; // the walk reports what it cannot read
      }
      if (!text.contains(Deployments.FLUX_KUSTOMIZE) || !text.contains("Kustomization")) {
        continue;
      }
      Path root = Deployments.repositoryRoot(f, walkRoot);
      try {
        for (Object doc : load.loadAllFromString(text)) {
          if (doc instanceof Map<?, ?> m
              && String.valueOf(m.get("apiVersion")).startsWith(Deployments.FLUX_KUSTOMIZE + "/")
              && "Kustomization".equals(m.get("kind"))
              && m.get("spec") instanceof Map<?, ?> spec
              && spec.get("path") instanceof String path
              && OWN_FIELDS.stream().anyMatch(spec::containsKey)) {
            Path dir = root.resolve(path).normalize();
            if (Files.isDirectory(dir) && KustomizeOrigins.kustomizationIn(dir) != null) {
              out.add(dir.toAbsolutePath().normalize());
            }
          }
        }
      } catch (RuntimeException e) {
        // not YAML: the walk says so
      }
    }
    return out;
  }

  /**
   * True when {@code r} is built here: its path is a kustomization of the repository and it has
   * fields of its own to apply over it.
   */
  static boolean builds(Resource r, Path repositoryRoot) {
    MapNode spec = r.spec();
    Path dir = dir(r, repositoryRoot);
    return dir != null
        && KustomizeOrigins.kustomizationIn(dir) != null
        && OWN_FIELDS.stream().anyMatch(spec::has);
  }

  private static Path dir(Resource r, Path repositoryRoot) {
    MapNode spec = r.spec();
    String path = spec == null ? null : spec.string("path");
    Path dir = path == null ? null : repositoryRoot.resolve(path).normalize();
    return dir != null && Files.isDirectory(dir) ? dir : null;
  }

  /**
   * Builds each Kustomization noted, {@code pool} running kustomize; {@code configMap} finds a
   * ConfigMap of the repository by namespace and name.
   */
  List<Outcome> buildAll(
      KustomizeTool kustomize,
      ExecutorService pool,
      Function<Resource, Path> repositoryRoot,
      BiFunction<String, String, Optional<Resource>> configMap) {
    Map<Resource, Future<Outcome>> running = new LinkedHashMap<>();
    for (Resource r : noted) {
      running.put(r, pool.submit(() -> build(r, kustomize, repositoryRoot.apply(r), configMap)));
    }
    noted.clear();
    List<Outcome> out = new ArrayList<>();
    for (Map.Entry<Resource, Future<Outcome>> e : running.entrySet()) {
      try {
        out.add(e.getValue().get());
      } catch (java.util.concurrent.ExecutionException ex) {
        out.add(failed(e.getKey(), null, String.valueOf(ex.getCause())));
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
        out.add(failed(e.getKey(), null, "interrupted"));
      }
    }
    return out;
  }

  private static String unitName(Resource r) {
    return "Flux " + r.ref().describe();
  }

  private static Outcome failed(Resource r, Path dir, String why) {
    return new Outcome(r, dir, unitName(r), null, why, Set.of(), n -> n);
  }

  private static Outcome build(
      Resource r,
      KustomizeTool kustomize,
      Path repositoryRoot,
      BiFunction<String, String, Optional<Resource>> configMap) {
    Path dir = dir(r, repositoryRoot);
    if (!kustomize.available()) {
      return failed(r, dir, kustomize.whyNot());
    }
    MapNode spec = r.spec();
    List<Path> components = new ArrayList<>();
    if (spec.get("components") instanceof ListNode list) {
      for (Node n : list.items()) {
        if (n instanceof ScalarNode s && s.value() instanceof String c) {
          Path component = dir.resolve(c).normalize();
          if (!Files.isDirectory(component)) {
            return failed(r, dir, "its component " + c + " is not in this repository");
          }
          components.add(component);
        }
      }
    }
    Map<String, Object> options = new LinkedHashMap<>();
    if (spec.string("targetNamespace") != null) {
      options.put("namespace", spec.string("targetNamespace"));
    }
    for (String key : List.of("namePrefix", "nameSuffix", "images", "patches")) {
      if (spec.get(key) != null) {
        options.put(key, spec.get(key).toPlain());
      }
    }
    String yaml =
        options.isEmpty()
            ? ""
            : new Dump(
                    DumpSettings.builder()
                        .setDefaultFlowStyle(org.snakeyaml.engine.v2.common.FlowStyle.BLOCK)
                        .build())
                .dumpToString(options);
    KustomizeTool.Build built = kustomize.build(dir, components, yaml);
    if (!built.made()) {
      return new Outcome(r, dir, unitName(r), built, null, Set.of(), n -> n);
    }
    FluxSubstitution substitution = substitution(r, configMap);
    String output = substitution == null ? built.output() : substitution.apply(built.output());
    return new Outcome(
        r,
        dir,
        unitName(r),
        new KustomizeTool.Build(output, built.wrapper(), null),
        null,
        substitution == null ? Set.of() : Set.copyOf(substitution.unresolved()),
        substitution == null ? n -> n : substitution::substitute);
  }

  /**
   * {@code built} without the objects whose spec (or annotations) still hold a variable spl could
   * not resolve: their values are Flux's to fill, not what spl reads (listed as skipped, as a
   * Go-templated object of a walk is).
   */
  static LoadedInput withoutUnresolved(LoadedInput built, Set<String> unresolved) {
    if (unresolved.isEmpty()) {
      return built;
    }
    List<Resource> kept = new ArrayList<>();
    List<String> skipped = new ArrayList<>(built.skipped());
    for (Resource r : built.resources()) {
      Optional<String> where = unresolvedIn(r.root(), unresolved);
      if (where.isPresent()) {
        skipped.add(
            r.file()
                + " ("
                + r.ref().describe()
                + ": a Flux variable spl cannot read in "
                + where.get()
                + ": not what spl reads until Flux substitutes it)");
      } else {
        kept.add(r);
      }
    }
    return new LoadedInput(
        kept, built.problems(), built.inputErrors(), built.files(), built.documents(), skipped);
  }

  private static Optional<String> unresolvedIn(MapNode root, Set<String> names) {
    if (root.get("spec") != null && holds(root.get("spec"), names)) {
      return Optional.of("spec");
    }
    MapNode metadata = root.map("metadata");
    MapNode annotations = metadata == null ? null : metadata.map("annotations");
    if (annotations != null && holds(annotations, names)) {
      return Optional.of("metadata.annotations");
    }
    return Optional.empty();
  }

  private static boolean holds(Node node, Set<String> names) {
    if (node instanceof ScalarNode s) {
      return s.value() instanceof String text && FluxSubstitution.holds(text, names);
    }
    if (node instanceof MapNode map) {
      for (MapNode.Entry e : map.entries()) {
        if (holds(e.value(), names)) {
          return true;
        }
      }
    } else if (node instanceof ListNode list) {
      for (Node item : list.items()) {
        if (holds(item, names)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code r}'s post-build variables, as Flux gathers them; null when it substitutes nothing. */
  static FluxSubstitution substitution(
      Resource r, BiFunction<String, String, Optional<Resource>> configMap) {
    MapNode postBuild = r.spec().map("postBuild");
    if (postBuild == null) {
      return null;
    }
    Map<String, String> vars = new LinkedHashMap<>();
    boolean complete = true;
    if (postBuild.get("substituteFrom") instanceof ListNode from) {
      for (Node n : from.items()) {
        if (!(n instanceof MapNode ref)) {
          continue;
        }
        Optional<Resource> cm =
            "ConfigMap".equals(ref.string("kind"))
                ? configMap.apply(r.namespace(), ref.string("name"))
                : Optional.empty();
        MapNode data = cm.map(c -> c.root().map("data")).orElse(null);
        if (data == null) {
          // a Secret (often encrypted), or a ConfigMap made elsewhere: its variables are unknown
          complete &= cm.isPresent();
          continue;
        }
        for (MapNode.Entry e : data.entries()) {
          vars.put(e.key(), ScalarNode.text(e.value()).replace("\n", ""));
        }
      }
    }
    if (postBuild.map("substitute") != null) {
      for (MapNode.Entry e : postBuild.map("substitute").entries()) {
        vars.put(e.key(), ScalarNode.text(e.value()).replace("\n", ""));
      }
    }
    return vars.isEmpty() ? null : new FluxSubstitution(vars, complete);
  }
}
