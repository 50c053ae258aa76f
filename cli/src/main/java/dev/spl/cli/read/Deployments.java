package dev.spl.cli.read;

import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GitOps objects of a repository that deploy what spl does not build itself: Flux's
 * Kustomizations, Argo CD's Applications and ApplicationSets (Flux's HelmReleases are rendered:
 * {@link ChartReleases}; Flux Kustomizations and Argo CD kustomize sources with fields of their own
 * are built: {@link KustomizeDeployments}). Each one whose objects spl did not lint as its
 * controller builds them is an SPL006 at the line that says what it deploys, with why and what to
 * do, so that a repository of HelmReleases never lints green in silence. One that deploys a path of
 * this repository as spl reads it anyway (a Flux Kustomization or an Argo CD directory, kustomize
 * or chart source with nothing of its own to apply) says nothing: the walk lints that path.
 */
public final class Deployments {
  static final String FLUX_HELM = "helm.toolkit.fluxcd.io";
  static final String FLUX_KUSTOMIZE = "kustomize.toolkit.fluxcd.io";
  static final String ARGO_CD = "argoproj.io";

  private Deployments() {}

  /**
   * The texts of the {@code files} that may hold a Flux Kustomization or an Argo CD object, read
   * once for what the walk decides before it reads them (which paths a deployment builds, which
   * files an Application deploys together); a file over 4 MiB or unreadable is left to the walk.
   */
  static Map<Path, String> gitOpsFiles(List<Path> files) {
    Map<Path, String> out = new LinkedHashMap<>();
    for (Path f : files) {
      try {
        if (Files.size(f) <= (4 << 20)) {
          String text = Files.readString(f);
          if (text.contains(FLUX_KUSTOMIZE) || text.contains(ARGO_CD)) {
            out.put(f, text);
          }
        }
      } catch (IOException | RuntimeException e) {
        // the walk reports what it cannot read
      }
    }
    return out;
  }

  /** {@code run}, told of the deployments in each part it takes (a chart's rendering). */
  static dev.spl.PartSink reported(
      dev.spl.PartSink run,
      java.util.function.Supplier<Path> walkRoot,
      java.util.function.Consumer<LoadedInput> noted,
      ApplicationSets.Expansions sets) {
    return new dev.spl.PartSink() {
      @Override
      public void accept(
          LoadedInput part,
          dev.spl.schema.GatewayApiVersion version,
          java.util.Set<dev.spl.index.Unit> units) {
        noted.accept(part);
        run.accept(withUnbuilt(part, walkRoot.get(), sets), version, units);
      }

      @Override
      public void accept(
          LoadedInput part,
          dev.spl.schema.GatewayApiVersion version,
          java.util.Set<dev.spl.index.Unit> units,
          dev.spl.schema.CrdsInSight crds) {
        noted.accept(part);
        run.accept(withUnbuilt(part, walkRoot.get(), sets), version, units, crds);
      }

      @Override
      public dev.spl.PartSink standAlone(dev.spl.index.Unit unit) {
        run.standAlone(unit);
        return this;
      }
    };
  }

  /** {@code part} with an SPL006 for each deployment in it that spl does not build. */
  static LoadedInput withUnbuilt(LoadedInput part, Path walkRoot, ApplicationSets.Expansions sets) {
    List<LoadProblem> found = new ArrayList<>();
    for (Resource r : part.resources()) {
      String group = r.group();
      if (group.equals(FLUX_KUSTOMIZE) && r.kind().equals("Kustomization")) {
        fluxKustomization(r, walkRoot, found);
      } else if (group.equals(ARGO_CD) && r.kind().equals("Application")) {
        application(r, walkRoot, found);
      } else if (isApplicationSet(r)) {
        ApplicationSets.Expansion made = sets.of(r, repositoryRoot(r, walkRoot));
        if (made.whyNot() != null) {
          found.add(
              LoadProblem.notBuilt(
                  at(r, "spec", "generators"),
                  r.ref().describe(),
                  made.whyNot(),
                  "lint the paths its Applications deploy (spl lint PATH)"));
        }
        for (Resource app : made.applications()) {
          application(app, walkRoot, found);
        }
      }
    }
    if (found.isEmpty()) {
      return part;
    }
    List<LoadProblem> problems = new ArrayList<>(part.problems());
    problems.addAll(found);
    return new LoadedInput(
        part.resources(),
        problems,
        part.inputErrors(),
        part.files(),
        part.documents(),
        part.skipped());
  }

  private static void fluxKustomization(Resource r, Path walkRoot, List<LoadProblem> found) {
    MapNode spec = r.spec();
    String path = spec == null ? null : spec.string("path");
    String unit = "Flux " + r.ref().describe();
    MapNode source = spec == null ? null : spec.map("sourceRef");
    Path dir = path == null ? null : repositoryRoot(r, walkRoot).resolve(path).normalize();
    if (dir == null || !Files.isDirectory(dir)) {
      found.add(
          LoadProblem.notBuilt(
              at(r, "spec", path == null ? "sourceRef" : "path"),
              unit,
              "its path "
                  + (path == null ? "(none)" : path)
                  + " is not in this repository"
                  + (source == null
                      ? ""
                      : " (source " + source.string("kind") + " " + source.string("name") + ")"),
              "lint the repository it deploys"));
      return;
    }
    if (KustomizeDeployments.builds(r, repositoryRoot(r, walkRoot))) {
      return; // built with its own fields over its path (KustomizeDeployments)
    }
    List<String> notApplied = new ArrayList<>();
    for (String key : KustomizeDeployments.OWN_FIELDS) {
      if (spec.has(key) && !key.equals("targetNamespace")) {
        notApplied.add(key.equals("postBuild") ? "postBuild substitutions" : key);
      }
    }
    if (!notApplied.isEmpty()) {
      // its path holds no kustomization.yaml: Flux would generate one, spl reads the files
      found.add(
          LoadProblem.notBuilt(
              at(r, "spec", "path"),
              unit,
              "spl lints "
                  + path
                  + " (no kustomization.yaml) as written, without the Flux Kustomization's own "
                  + String.join(", ", notApplied),
              "lint flux build kustomization output, piped to spl lint -"));
    }
  }

  private static void application(Resource r, Path walkRoot, List<LoadProblem> found) {
    List<MapNode> sources = sources(r);
    String unit = r.ref().describe();
    for (int i = 0; i < sources.size(); i++) {
      MapNode source = sources.get(i);
      SourcePosition at = source.position();
      if (ChartReleases.isHelmSource(source, repositoryRoot(r, walkRoot))) {
        continue; // rendered with its values as Argo CD renders it (ChartReleases)
      }
      String path = source.string("path");
      if (path == null) {
        continue; // a $values source: read as the other sources name it
      }
      Path dir = repositoryRoot(r, walkRoot).resolve(path).normalize();
      if (!Files.isDirectory(dir)) {
        found.add(
            LoadProblem.notBuilt(
                at,
                unit,
                "its source path "
                    + path
                    + " is not in this repository ("
                    + source.string("repoURL")
                    + ")",
                "lint the repository it deploys"));
        continue;
      }
      if (KustomizeDeployments.buildsSource(source, repositoryRoot(r, walkRoot))) {
        continue; // built with its kustomize options (KustomizeDeployments)
      }
      List<String> jsonnet =
          ArgoDirectories.isDirectorySource(source, repositoryRoot(r, walkRoot))
              ? ArgoDirectories.jsonnetFiles(source, dir)
              : List.of();
      if (!jsonnet.isEmpty()) {
        found.add(
            LoadProblem.notBuilt(
                at,
                unit,
                "spl does not evaluate jsonnet, and Argo CD deploys what "
                    + (jsonnet.size() == 1 ? "" : jsonnet.size() + " files ")
                    + String.join(", ", jsonnet.subList(0, Math.min(3, jsonnet.size())))
                    + (jsonnet.size() > 3 ? ", ..." : "")
                    + " in "
                    + path
                    + " evaluate"
                    + (jsonnet.size() == 1 ? "s" : "")
                    + " to",
                "lint what argocd app manifests prints, piped to spl lint -"));
      }
      List<String> notApplied = new ArrayList<>();
      MapNode kustomize = source.map("kustomize");
      if (kustomize != null) {
        for (MapNode.Entry e : kustomize.entries()) {
          notApplied.add("kustomize." + e.key());
        }
      }
      if (!notApplied.isEmpty()) {
        found.add(
            LoadProblem.notBuilt(
                at,
                unit,
                "spl lints " + path + " without the Application's " + String.join(", ", notApplied),
                "lint what argocd app manifests prints, piped to spl lint -"));
      }
    }
  }

  /** True when {@code map}'s {@code key} is true: YAML's boolean, or the text "true". */
  static boolean isTrue(MapNode map, String key) {
    return map.get(key) instanceof dev.spl.model.ScalarNode s
        && (Boolean.TRUE.equals(s.value()) || "true".equals(s.value()));
  }

  static boolean isApplicationSet(Resource r) {
    return r.group().equals(ARGO_CD) && r.kind().equals("ApplicationSet");
  }

  /** An Argo CD Application's sources: {@code spec.source}, then each of {@code spec.sources}. */
  static List<MapNode> sources(Resource app) {
    MapNode spec = app.spec();
    List<MapNode> sources = new ArrayList<>();
    if (spec == null) {
      return sources;
    }
    if (spec.map("source") != null) {
      sources.add(spec.map("source"));
    }
    if (spec.get("sources") instanceof ListNode list) {
      for (Node n : list.items()) {
        if (n instanceof MapNode m) {
          sources.add(m);
        }
      }
    }
    return sources;
  }

  /**
   * The root of the repository {@code r} is written in: the nearest directory above its file that
   * holds {@code .git}, else the directory walked.
   */
  static Path repositoryRoot(Resource r, Path walkRoot) {
    return repositoryRoot(Path.of(r.file()), walkRoot);
  }

  /** The root of the repository {@code written} (a file) is in, as above. */
  static Path repositoryRoot(Path written, Path walkRoot) {
    Path file = written.toAbsolutePath().normalize();
    for (Path d = file.getParent(); d != null; d = d.getParent()) {
      if (Files.exists(d.resolve(".git"))) {
        return d;
      }
    }
    return walkRoot == null ? Path.of("").toAbsolutePath() : walkRoot.toAbsolutePath().normalize();
  }

  /** Where {@code r} writes the key at {@code path}, else the nearest key above it. */
  private static SourcePosition at(Resource r, String... path) {
    MapNode node = r.root();
    SourcePosition best = r.position();
    for (String key : path) {
      if (node == null || !node.has(key)) {
        break;
      }
      best = node.entry(key).keyPosition();
      node = node.get(key) instanceof MapNode m ? m : null;
    }
    return best.line() >= 1 ? best : new SourcePosition(best.file(), 1, 1);
  }
}
