package dev.spl.cli.read;

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
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The GitOps objects that deploy a kustomize build of this repository with fields of their own,
 * built as their controllers build them, through the real kustomize:
 *
 * <ul>
 *   <li>a Flux Kustomization (kustomize.toolkit.fluxcd.io), as kustomize-controller builds it: the
 *       path's kustomization with the Kustomization's {@code components} (relative to its path),
 *       {@code targetNamespace}, {@code namePrefix}/{@code nameSuffix}, {@code images} and inline
 *       {@code patches} over it, then {@code postBuild} substitution ({@link FluxSubstitution})
 *       with {@code substituteFrom} ConfigMaps of the repository (in order) and {@code substitute}
 *       over them;
 *   <li>an Argo CD Application source with {@code kustomize} options, as the repo server builds it
 *       (it edits the path's kustomization with {@code kustomize edit} before building): {@code
 *       namePrefix}, {@code nameSuffix}, {@code namespace}, {@code images}, {@code replicas},
 *       {@code commonLabels}, {@code commonAnnotations}, {@code patches} and {@code components}.
 * </ul>
 *
 * One whose path holds no kustomization.yaml, or that needs nothing of its own, is left to the walk
 * ({@link Deployments} says which).
 */
public final class KustomizeDeployments {
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

  /**
   * The Application source's kustomize options the repo server applies (others change nothing spl
   * reads).
   */
  static final List<String> ARGO_FIELDS =
      List.of(
          "namePrefix",
          "nameSuffix",
          "namespace",
          "images",
          "replicas",
          "commonLabels",
          "commonAnnotations",
          "patches",
          "components");

  /**
   * One deployment to build: a Flux Kustomization ({@code source} null) or one source of an Argo CD
   * Application.
   */
  private record Noted(Resource owner, MapNode source) {}

  private final List<Noted> noted = new ArrayList<>();

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
      java.util.function.UnaryOperator<String> names,
      String kind,
      dev.spl.model.SourcePosition at,
      Node patches) {
    boolean made() {
      return problem == null && build != null && build.made();
    }

    String reason() {
      return problem != null ? problem : "kustomize says: " + build.error();
    }
  }

  /** Takes note of the deployments in {@code part} that this class builds. */
  void note(LoadedInput part, Function<Resource, Path> repositoryRoot) {
    for (Resource r : part.resources()) {
      if (r.group().equals(Deployments.FLUX_KUSTOMIZE)
          && r.kind().equals("Kustomization")
          && builds(r, repositoryRoot.apply(r))) {
        addOnce(new Noted(r, null));
      } else if (r.group().equals(Deployments.ARGO_CD) && r.kind().equals("Application")) {
        for (MapNode source : Deployments.sources(r)) {
          if (buildsSource(source, repositoryRoot.apply(r))) {
            addOnce(new Noted(r, source));
          }
        }
      }
    }
  }

  private void addOnce(Noted n) {
    for (Noted other : noted) {
      if (other.owner().position().equals(n.owner().position())
          && other.owner().ref().equals(n.owner().ref())
          && java.util.Objects.equals(other.source(), n.source())
          && java.util.Objects.equals(other.owner().spec().toPlain(), n.owner().spec().toPlain())) {
        return;
      }
    }
    noted.add(n);
  }

  /**
   * The directories (absolute) that the Flux Kustomizations written in {@code files} deploy with
   * fields of their own: found before the walk reads them, so that those paths are linted as Flux
   * builds them and not also as written.
   */
  static Set<Path> deployedPaths(
      Map<Path, String> gitOpsFiles, Path walkRoot, ApplicationSets.Expansions sets) {
    Set<Path> out = new LinkedHashSet<>();
    Load load = new Load(LoadSettings.builder().setAllowDuplicateKeys(true).build());
    for (Map.Entry<Path, String> file : gitOpsFiles.entrySet()) {
      Path f = file.getKey();
      String text = file.getValue();
      if (!(text.contains(Deployments.FLUX_KUSTOMIZE) && text.contains("Kustomization"))
          && !(text.contains(Deployments.ARGO_CD) && text.contains("kustomize"))) {
        continue;
      }
      Path root = Deployments.repositoryRoot(f, walkRoot);
      if (text.contains("ApplicationSet")) {
        // the Applications it makes deploy their paths as an Application written so would
        for (Resource r :
            dev.spl.load.ManifestLoader.lenient()
                .loadText(DisplayPath.ofWalked(f), text)
                .resources()) {
          if (Deployments.isApplicationSet(r)) {
            for (Resource app : sets.of(r, root).applications()) {
              for (MapNode source : Deployments.sources(app)) {
                if (buildsSource(source, root)) {
                  out.add(
                      root.resolve(source.string("path")).normalize().toAbsolutePath().normalize());
                }
              }
            }
          }
        }
      }
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
          } else if (doc instanceof Map<?, ?> m
              && String.valueOf(m.get("apiVersion")).startsWith(Deployments.ARGO_CD + "/")
              && "Application".equals(m.get("kind"))
              && m.get("spec") instanceof Map<?, ?> spec) {
            List<Object> sources = new ArrayList<>();
            sources.add(spec.get("source"));
            if (spec.get("sources") instanceof List<?> list) {
              sources.addAll(list);
            }
            for (Object source : sources) {
              if (source instanceof Map<?, ?> src
                  && src.get("path") instanceof String path
                  && src.get("kustomize") instanceof Map<?, ?> options
                  && ARGO_FIELDS.stream().anyMatch(options::containsKey)) {
                Path dir = root.resolve(path).normalize();
                if (Files.isDirectory(dir) && KustomizeOrigins.kustomizationIn(dir) != null) {
                  out.add(dir.toAbsolutePath().normalize());
                }
              }
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

  /**
   * True when {@code source} (of an Argo CD Application) is built here: a path of the repository
   * holding a kustomization, with kustomize options that change what it deploys.
   */
  static boolean buildsSource(MapNode source, Path repositoryRoot) {
    String path = source.string("path");
    MapNode options = source.map("kustomize");
    Path dir = path == null ? null : repositoryRoot.resolve(path).normalize();
    return dir != null
        && options != null
        && Files.isDirectory(dir)
        && KustomizeOrigins.kustomizationIn(dir) != null
        && ARGO_FIELDS.stream().anyMatch(options::has);
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
    Map<Noted, Future<Outcome>> running = new LinkedHashMap<>();
    for (Noted n : noted) {
      running.put(
          n,
          pool.submit(
              () ->
                  n.source() == null
                      ? build(n.owner(), kustomize, repositoryRoot.apply(n.owner()), configMap)
                      : buildArgo(
                          n.owner(), n.source(), kustomize, repositoryRoot.apply(n.owner()))));
    }
    noted.clear();
    List<Outcome> out = new ArrayList<>();
    for (Map.Entry<Noted, Future<Outcome>> e : running.entrySet()) {
      Noted n = e.getKey();
      try {
        out.add(e.getValue().get());
      } catch (java.util.concurrent.ExecutionException ex) {
        out.add(failed(n, null, String.valueOf(ex.getCause())));
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
        out.add(failed(n, null, "interrupted"));
      }
    }
    return out;
  }

  private static String unitName(Noted n) {
    return n.source() == null
        ? "Flux " + n.owner().ref().describe()
        : n.owner().ref().describe() + " (source " + n.source().string("path") + ")";
  }

  private static Outcome outcome(
      Noted n,
      Path dir,
      KustomizeTool.Build build,
      String problem,
      Set<String> unresolved,
      java.util.function.UnaryOperator<String> names) {
    Resource r = n.owner();
    MapNode spec = r.spec();
    boolean flux = n.source() == null;
    // a Flux Kustomization says what it deploys at path:, an Application's source at kustomize:
    dev.spl.model.SourcePosition at =
        !flux
            ? n.source().entry("kustomize").keyPosition()
            : spec.has("path") ? spec.entry("path").keyPosition() : r.position();
    Node patches = flux ? spec.get("patches") : n.source().map("kustomize").get("patches");
    return new Outcome(
        r,
        dir,
        unitName(n),
        build,
        problem,
        unresolved,
        names,
        flux ? "Flux Kustomization" : "Application",
        at,
        patches);
  }

  private static Outcome failed(Noted n, Path dir, String why) {
    return outcome(n, dir, null, why, Set.of(), x -> x);
  }

  private static Outcome build(
      Resource r,
      KustomizeTool kustomize,
      Path repositoryRoot,
      BiFunction<String, String, Optional<Resource>> configMap) {
    Noted n = new Noted(r, null);
    Path dir = dir(r, repositoryRoot);
    if (!kustomize.available()) {
      return failed(n, dir, kustomize.whyNot());
    }
    MapNode spec = r.spec();
    List<Path> components = new ArrayList<>();
    String missing = components(spec.get("components"), dir, false, components);
    if (missing != null) {
      return failed(n, dir, "its component " + missing + " is not in this repository");
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
    KustomizeTool.Build built = kustomize.build(dir, components, yaml(options));
    if (!built.made()) {
      return outcome(n, dir, built, null, Set.of(), x -> x);
    }
    FluxSubstitution substitution = substitution(r, configMap);
    String output = substitution == null ? built.output() : substitution.apply(built.output());
    return outcome(
        n,
        dir,
        new KustomizeTool.Build(output, built.wrapper(), null),
        null,
        substitution == null ? Set.of() : Set.copyOf(substitution.unresolved()),
        substitution == null ? x -> x : substitution::substitute);
  }

  /**
   * An Argo CD Application source's build: the path's kustomization with the source's kustomize
   * options over it. The repo server writes them into the path's kustomization ({@code kustomize
   * edit set namespace}, {@code add label}...); spl puts them in a kustomization over it, which
   * makes the same objects unless the path's own kustomization sets a prefix, suffix or namespace
   * the option would replace (an outer one adds to them; the namespace is the same either way).
   */
  private static Outcome buildArgo(
      Resource app, MapNode source, KustomizeTool kustomize, Path repositoryRoot) {
    Noted n = new Noted(app, source);
    Path dir = repositoryRoot.resolve(source.string("path")).normalize();
    if (!kustomize.available()) {
      return failed(n, dir, kustomize.whyNot());
    }
    MapNode k = source.map("kustomize");
    List<Path> components = new ArrayList<>();
    String missing =
        components(
            k.get("components"), dir, Deployments.isTrue(k, "ignoreMissingComponents"), components);
    if (missing != null) {
      return failed(n, dir, "its component " + missing + " is not in this repository");
    }
    Map<String, Object> options = new LinkedHashMap<>();
    for (String key :
        List.of("namePrefix", "nameSuffix", "namespace", "replicas", "commonAnnotations")) {
      if (k.get(key) != null) {
        options.put(key, k.get(key).toPlain());
      }
    }
    if (k.get("commonLabels") != null) {
      // --without-selector when labelWithoutSelector: the labels stay off selectors
      boolean selectors = !Deployments.isTrue(k, "labelWithoutSelector");
      options.put(
          "labels",
          List.of(Map.of("pairs", k.get("commonLabels").toPlain(), "includeSelectors", selectors)));
    }
    if (k.get("images") instanceof ListNode images) {
      List<Object> out = new ArrayList<>();
      for (Node i : images.items()) {
        if (i instanceof ScalarNode s && s.value() instanceof String text) {
          out.add(image(text));
        }
      }
      options.put("images", out);
    }
    if (k.get("patches") instanceof ListNode patches) {
      List<Object> out = new ArrayList<>();
      for (Node p : patches.items()) {
        if (!(p instanceof MapNode m)) {
          continue;
        }
        Map<String, Object> patch = new LinkedHashMap<>();
        if (m.get("target") != null) {
          patch.put("target", m.get("target").toPlain());
        }
        if (m.string("patch") != null) {
          patch.put("patch", m.string("patch"));
        } else if (m.string("path") != null) {
          // relative to the source path; written inline, as kustomize reads no file outside
          // spl's own kustomization's directory
          Path file = dir.resolve(m.string("path")).normalize();
          try {
            patch.put("patch", Files.readString(file));
          } catch (IOException | RuntimeException e) {
            return failed(n, dir, "its patch " + m.string("path") + " is not in this repository");
          }
        }
        out.add(patch);
      }
      options.put("patches", out);
    }
    KustomizeTool.Build built = kustomize.build(dir, components, yaml(options));
    return outcome(n, dir, built, null, Set.of(), x -> x);
  }

  /**
   * {@code list}'s component directories (relative to {@code dir}) added to {@code out}; the first
   * missing one, unless missing ones are skipped.
   */
  private static String components(Node list, Path dir, boolean skipMissing, List<Path> out) {
    if (list instanceof ListNode items) {
      for (Node n : items.items()) {
        if (n instanceof ScalarNode s && s.value() instanceof String c) {
          Path component = dir.resolve(c).normalize();
          if (Files.isDirectory(component)) {
            out.add(component);
          } else if (!skipMissing) {
            return c;
          }
        }
      }
    }
    return null;
  }

  /**
   * An image as {@code kustomize edit set image} takes it ({@code name[=newName][:tag][@digest]})
   * as a kustomization's images entry.
   */
  static Map<String, String> image(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    String rest = text;
    int eq = rest.indexOf('=');
    String name = eq < 0 ? null : rest.substring(0, eq);
    rest = eq < 0 ? rest : rest.substring(eq + 1);
    int at = rest.indexOf('@');
    if (at >= 0) {
      out.put("digest", rest.substring(at + 1));
      rest = rest.substring(0, at);
    }
    int colon = rest.lastIndexOf(':');
    String image = rest;
    if (colon > rest.lastIndexOf('/')) {
      out.put("newTag", rest.substring(colon + 1));
      image = rest.substring(0, colon);
    }
    if (name == null) {
      out.put("name", image);
    } else {
      out.put("name", name);
      out.put("newName", image);
    }
    return out;
  }

  private static String yaml(Map<String, Object> options) {
    return options.isEmpty() ? "" : YamlText.of(options);
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
