package dev.spl.cli.read;

import dev.spl.index.Unit;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Argo CD Applications of a walk whose source is a plain directory with options of its own
 * ({@code directory.recurse}, {@code include}, {@code exclude}), read as Argo CD's repo server
 * reads such a path: the manifest files of the path (and of its subdirectories when it recurses)
 * whose path relative to it the include glob matches and the exclude glob does not. The files one
 * Application deploys run together, so they are one unit (across subdirectories too); a file of
 * such a directory that no Application deploys meets no other object. A plain directory source
 * without options is the walk's own directory unit already.
 *
 * <p>Argo CD matches with gobwas/glob and no separator, so {@code *} crosses {@code /}; spl matches
 * with Java's glob, where {@code **} does that, and writes every {@code *} as {@code **}.
 */
final class ArgoDirectories {
  /** One Application's directory source: where, how deep, which files, and its unit. */
  record Source(Path dir, boolean recurse, PathMatcher include, PathMatcher exclude, Unit unit) {
    /** True when this source deploys {@code file} (absolute, normalised). */
    boolean deploys(Path file) {
      if (!file.startsWith(dir) || file.equals(dir)) {
        return false;
      }
      Path relative = dir.relativize(file);
      return (recurse || relative.getNameCount() == 1)
          && (exclude == null || !exclude.matches(relative))
          && (include == null || include.matches(relative));
    }

    /** True when {@code file}'s directory is one this source reads. */
    boolean reads(Path file) {
      Path parent = file.getParent();
      return parent != null && (recurse ? parent.startsWith(dir) : parent.equals(dir));
    }
  }

  static final ArgoDirectories NONE = new ArgoDirectories(List.of());

  private final List<Source> sources;

  private ArgoDirectories(List<Source> sources) {
    this.sources = sources;
  }

  /** The directory sources with options among the Applications (and ApplicationSets) walked. */
  static ArgoDirectories of(
      Map<Path, String> gitOpsFiles, Path walkRoot, ApplicationSets.Expansions sets) {
    List<Source> found = new ArrayList<>();
    for (Map.Entry<Path, String> file : gitOpsFiles.entrySet()) {
      Path f = file.getKey();
      String text = file.getValue();
      if (!text.contains(Deployments.ARGO_CD) || !text.contains("directory")) {
        continue;
      }
      Path root = Deployments.repositoryRoot(f, walkRoot);
      for (Resource r :
          dev.spl.load.ManifestLoader.lenient()
              .loadText(DisplayPath.ofWalked(f), text)
              .resources()) {
        if (r.group().equals(Deployments.ARGO_CD) && r.kind().equals("Application")) {
          sourcesOf(r, root, found);
        } else if (Deployments.isApplicationSet(r)) {
          for (Resource app : sets.of(r, root).applications()) {
            sourcesOf(app, root, found);
          }
        }
      }
    }
    return found.isEmpty() ? NONE : new ArgoDirectories(found);
  }

  private static void sourcesOf(Resource app, Path root, List<Source> out) {
    for (MapNode source : Deployments.sources(app)) {
      MapNode options = source.map("directory");
      String path = source.string("path");
      if (options == null || path == null || !isDirectorySource(source, root)) {
        continue;
      }
      boolean recurse = Deployments.isTrue(options, "recurse");
      PathMatcher include = matcher(options.string("include"));
      PathMatcher exclude = matcher(options.string("exclude"));
      if (recurse || include != null || exclude != null) {
        out.add(
            new Source(
                root.resolve(path).toAbsolutePath().normalize(),
                recurse,
                include,
                exclude,
                Unit.application(app.ref().describe())));
      }
    }
  }

  /**
   * True when Argo CD reads {@code source}'s path as plain files: it is in this repository and
   * holds no kustomization and no chart (those are built by kustomize and Helm), and no plugin
   * renders it.
   */
  static boolean isDirectorySource(MapNode source, Path root) {
    String path = source.string("path");
    if (path == null || source.has("plugin") || source.string("chart") != null) {
      return false;
    }
    Path dir = root.resolve(path).normalize();
    return Files.isDirectory(dir)
        && KustomizeOrigins.kustomizationIn(dir) == null
        && !Files.isRegularFile(dir.resolve("Chart.yaml"));
  }

  /**
   * The units {@code file} runs in when an Application's directory source with options reads its
   * directory: the units of the Applications that deploy it, none when they all leave it out. Empty
   * when no such source reads its directory (the walk's directory unit holds).
   */
  Optional<Set<Unit>> unitsOf(Path file) {
    if (sources.isEmpty()) {
      return Optional.empty();
    }
    Path abs = file.toAbsolutePath().normalize();
    Set<Unit> units = new LinkedHashSet<>();
    boolean read = false;
    for (Source s : sources) {
      if (s.reads(abs)) {
        read = true;
        if (s.deploys(abs)) {
          units.add(s.unit());
        }
      }
    }
    return read ? Optional.of(units) : Optional.empty();
  }

  /**
   * The jsonnet files Argo CD would evaluate for {@code source} (a directory source at {@code
   * dir}), relative to it: spl does not evaluate jsonnet.
   */
  static List<String> jsonnetFiles(MapNode source, Path dir) {
    MapNode options = source.map("directory");
    boolean recurse = options != null && Deployments.isTrue(options, "recurse");
    Source reading =
        new Source(
            dir.toAbsolutePath().normalize(),
            recurse,
            options == null ? null : matcher(options.string("include")),
            options == null ? null : matcher(options.string("exclude")),
            null);
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(reading.dir(), recurse ? Integer.MAX_VALUE : 1)) {
      files
          .filter(f -> f.getFileName().toString().endsWith(".jsonnet"))
          .filter(Files::isRegularFile)
          .filter(reading::deploys)
          .map(f -> reading.dir().relativize(f).toString())
          .sorted()
          .forEach(out::add);
    } catch (IOException | RuntimeException unreadable) {
      return List.of(); // the walk reports what it cannot read
    }
    return out;
  }

  /** Argo CD's glob as a matcher of relative paths; null for none. */
  private static PathMatcher matcher(String glob) {
    if (glob == null || glob.isBlank()) {
      return null;
    }
    try {
      return FileSystems.getDefault().getPathMatcher("glob:" + glob.replaceAll("\\*+", "**"));
    } catch (IllegalArgumentException invalid) {
      return p -> false; // Argo CD matches nothing with a glob it cannot compile
    }
  }
}
