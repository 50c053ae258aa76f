package dev.spl.cli.read;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * A chart's dependencies found offline, as its own CI would find them before {@code helm template}:
 * already in its {@code charts/} directory, at a {@code file://} path, a chart of the same name
 * elsewhere in the tree being linted (a chart collection vendors its library chart beside the
 * charts that use it), or a packaged chart in Helm's local caches. Helm itself checks only that a
 * subchart of each dependency's name is present ({@code action.CheckDependencies}), so a chart of
 * the same name renders; the version is matched where the tree offers a choice.
 */
public final class ChartDependencies {
  /** One entry of Chart.yaml's {@code dependencies}. */
  record Dependency(String name, String version, String repository) {}

  /** Where a dependency was found: a chart directory or a packaged {@code .tgz}. */
  record Found(Dependency dependency, Path source, String where) {}

  /**
   * What was found for a chart: the dependencies to place in its {@code charts/} directory, and the
   * names found nowhere.
   */
  record Resolution(List<Found> found, List<Dependency> missing) {
    boolean complete() {
      return missing.isEmpty();
    }
  }

  /** The charts of the tree being linted, by name: where a dependency may be found. */
  static final class TreeCharts {
    private final Map<String, List<Path>> byName = new HashMap<>();
    private final Map<Path, String> versions = new HashMap<>();

    /** Records the chart whose Chart.yaml is {@code chartYaml}. */
    void add(Path chartYaml) {
      Path dir = chartYaml.toAbsolutePath().normalize().getParent();
      if (versions.containsKey(dir)) {
        return;
      }
      Map<String, Object> chart = readChart(chartYaml);
      String name = string(chart.get("name"));
      if (name != null) {
        byName.computeIfAbsent(name, k -> new ArrayList<>()).add(dir);
        versions.put(dir, string(chart.get("version")));
      }
    }

    /**
     * The tree's chart of this dependency's name: the one of its version when there are several.
     */
    Optional<Path> find(Dependency d, Path except) {
      List<Path> candidates =
          byName.getOrDefault(d.name(), List.of()).stream().filter(p -> !p.equals(except)).toList();
      return candidates.stream()
          .filter(p -> d.version() != null && d.version().equals(versions.get(p)))
          .findFirst()
          .or(() -> candidates.stream().findFirst());
    }

    String versionOf(Path chartDir) {
      return versions.get(chartDir);
    }
  }

  private ChartDependencies() {}

  /** The dependencies Chart.yaml declares (none when it cannot be read: Helm says why). */
  static List<Dependency> declared(Path chartDir) {
    Object deps = readChart(chartDir.resolve("Chart.yaml")).get("dependencies");
    List<Dependency> out = new ArrayList<>();
    if (deps instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> m && string(m.get("name")) != null) {
          out.add(
              new Dependency(
                  string(m.get("name")), string(m.get("version")), string(m.get("repository"))));
        }
      }
    }
    return out;
  }

  /** The versions {@code Chart.lock} pins, by dependency name (none without a lock). */
  static Map<String, String> locked(Path chartDir) {
    Map<String, String> out = new HashMap<>();
    Object deps = readChart(chartDir.resolve("Chart.lock")).get("dependencies");
    if (deps instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> m && m.get("name") != null && m.get("version") != null) {
          out.put(String.valueOf(m.get("name")), String.valueOf(m.get("version")));
        }
      }
    }
    return out;
  }

  /**
   * Finds each dependency {@code chartDir}'s {@code charts/} directory lacks. Helm's caches are
   * {@code helmCaches}: directories holding packaged charts ({@code <name>-<version>.tgz}).
   */
  static Resolution resolve(Path chartDir, TreeCharts tree, List<Path> helmCaches) {
    List<Found> found = new ArrayList<>();
    List<Dependency> missing = new ArrayList<>();
    Path self = chartDir.toAbsolutePath().normalize();
    Map<String, String> locked = locked(chartDir);
    for (Dependency d : declared(chartDir)) {
      if (inChartsDirectory(chartDir, d.name())) {
        continue;
      }
      Optional<Found> f =
          fileRepository(chartDir, d)
              .or(() -> tree.find(d, self).map(p -> new Found(d, p, "the chart in " + shown(p))))
              .or(() -> cached(d, locked.get(d.name()), helmCaches));
      if (f.isPresent()) {
        found.add(f.get());
      } else {
        missing.add(d);
      }
    }
    return new Resolution(found, missing);
  }

  /**
   * Places what {@code resolution} found into the {@code charts/} directory of {@code copy} (a copy
   * of the chart the caller owns), each found chart's own dependencies resolved the same way.
   */
  static void place(
      Path copy, Resolution resolution, TreeCharts tree, List<Path> helmCaches, int depth)
      throws IOException {
    if (resolution.found().isEmpty()) {
      return;
    }
    Path charts = Files.createDirectories(copy.resolve("charts"));
    for (Found f : resolution.found()) {
      if (Files.isDirectory(f.source())) {
        Path to = charts.resolve(f.dependency().name());
        copyTree(f.source(), to);
        if (depth < MAX_DEPTH) {
          place(to, resolve(to, tree, helmCaches), tree, helmCaches, depth + 1);
        }
      } else {
        Files.copy(f.source(), charts.resolve(f.source().getFileName().toString()));
      }
    }
  }

  // A chart that depends on itself through the tree would otherwise copy forever.
  private static final int MAX_DEPTH = 8;

  /** Helm's local caches of packaged charts, where they exist. */
  static List<Path> helmCaches() {
    List<Path> out = new ArrayList<>();
    String override = System.getProperty("spl.helm.cache"); // tests: a cache of their own
    if (override != null) {
      return Files.isDirectory(Path.of(override)) ? List.of(Path.of(override)) : List.of();
    }
    String env = System.getenv("HELM_REPOSITORY_CACHE");
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg, "helm")
            : Path.of(System.getProperty("user.home"), ".cache", "helm");
    for (Path p :
        List.of(
            env != null && !env.isBlank() ? Path.of(env) : cache.resolve("repository"),
            cache.resolve("content"))) {
      if (Files.isDirectory(p)) {
        out.add(p);
      }
    }
    return out;
  }

  private static boolean inChartsDirectory(Path chartDir, String name) {
    Path charts = chartDir.resolve("charts");
    if (!Files.isDirectory(charts)) {
      return false;
    }
    try (Stream<Path> entries = Files.list(charts)) {
      return entries.anyMatch(
          e -> {
            if (Files.isDirectory(e)) {
              return Files.isRegularFile(e.resolve("Chart.yaml"))
                  && name.equals(string(readChart(e.resolve("Chart.yaml")).get("name")));
            }
            return java.util.regex.Pattern.matches(
                java.util.regex.Pattern.quote(name) + "-v?\\d.*\\.tgz", e.getFileName().toString());
          });
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  private static Optional<Found> fileRepository(Path chartDir, Dependency d) {
    if (d.repository() == null || !d.repository().startsWith("file://")) {
      return Optional.empty();
    }
    Path p = chartDir.resolve(d.repository().substring("file://".length())).normalize();
    return Files.isRegularFile(p.resolve("Chart.yaml"))
        ? Optional.of(new Found(d, p, d.repository()))
        : Optional.empty();
  }

  /**
   * The packaged chart in Helm's caches that Helm would take: the version Chart.lock pins ({@code
   * locked}, or null), else the highest one the dependency's constraint allows.
   */
  private static Optional<Found> cached(Dependency d, String locked, List<Path> caches) {
    String wanted = locked != null ? locked : d.version();
    if (wanted == null) {
      return Optional.empty();
    }
    SemverConstraint constraint = SemverConstraint.parse(wanted);
    Path best = null;
    SemverConstraint.Version bestVersion = null;
    String prefix = d.name() + "-";
    for (Path cache : caches) {
      Path exact = cache.resolve(prefix + wanted + ".tgz");
      if (Files.isRegularFile(exact)) {
        return Optional.of(new Found(d, exact, "Helm's cache (" + exact + ")"));
      }
      try (Stream<Path> files = Files.list(cache)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          String file = f.getFileName().toString();
          if (!file.startsWith(prefix) || !file.endsWith(".tgz")) {
            continue;
          }
          Optional<SemverConstraint.Version> v =
              SemverConstraint.Version.parse(
                  file.substring(prefix.length(), file.length() - ".tgz".length()));
          if (v.isPresent()
              && constraint.allows(v.get())
              && (bestVersion == null || v.get().compareTo(bestVersion) > 0)) {
            best = f;
            bestVersion = v.get();
          }
        }
      } catch (IOException | UncheckedIOException e) {
        // an unreadable cache holds nothing for us
      }
    }
    Path found = best;
    return Optional.ofNullable(found).map(f -> new Found(d, f, "Helm's cache (" + f + ")"));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else if (!Files.exists(target)) {
          Files.copy(f, target);
        }
      }
    }
  }

  private static Map<String, Object> readChart(Path chartYaml) {
    try {
      Object doc =
          new Load(LoadSettings.builder().setAllowDuplicateKeys(true).build())
              .loadFromString(Files.readString(chartYaml));
      if (doc instanceof Map<?, ?> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
      }
    } catch (IOException | RuntimeException e) {
      // an unreadable Chart.yaml: Helm reports it when it renders
    }
    return Map.of();
  }

  private static String string(Object o) {
    return o == null ? null : String.valueOf(o);
  }

  private static String shown(Path p) {
    return DisplayPath.of(p);
  }
}
