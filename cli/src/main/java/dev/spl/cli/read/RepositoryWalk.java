package dev.spl.cli.read;

import dev.spl.load.ManifestLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The files of a directory that spl reads, decided once for every command: the *.yaml, *.yml and
 * *.json files below it, less hidden ones, less what git ignores (unless {@code
 * --include-ignored}), with the charts among them found. The lint, the scan before it ({@link
 * InputScan}), the editor and {@code spl migrate} list a directory through here, so a file one of
 * them reads is a file all of them read. A directory is listed once per run however many readers
 * ask.
 */
public final class RepositoryWalk {
  /**
   * One directory's listing.
   *
   * @param files every manifest file listed, sorted (a chart's files among them)
   * @param chartRoots the directories of the Chart.yaml files listed
   * @param ignoredByGit what git's ignores left out, as findings name paths (a directory with /)
   */
  public record Listing(List<Path> files, List<Path> chartRoots, Set<String> ignoredByGit) {
    /** The outermost chart {@code file} is in: its subcharts are rendered with it. */
    public Optional<Path> chartOf(Path file) {
      return chartRoots.stream()
          .filter(file::startsWith)
          .min(Comparator.comparingInt(Path::getNameCount));
    }

    /**
     * The files outside every chart that {@code leftOut} keeps, in order; the charts holding a file
     * it keeps are added to {@code charts} (each once).
     */
    public List<Path> outsideCharts(Predicate<Path> leftOut, List<Path> charts) {
      List<Path> out = new ArrayList<>();
      for (Path f : files) {
        if (leftOut.test(f)) {
          continue;
        }
        Optional<Path> chart = chartOf(f);
        if (chart.isEmpty()) {
          out.add(f);
        } else if (!charts.contains(chart.get())) {
          charts.add(chart.get());
        }
      }
      return out;
    }
  }

  private final boolean includeIgnored;
  private final Map<Path, Listing> listed = new HashMap<>();

  /** {@code includeIgnored}: list what git ignores too ({@code --include-ignored}). */
  public RepositoryWalk(boolean includeIgnored) {
    this.includeIgnored = includeIgnored;
  }

  /** The listing of {@code dir}; {@link IOException} when it cannot be listed. */
  public Listing of(Path dir) throws IOException {
    Listing known = listed.get(dir);
    if (known != null) {
      return known;
    }
    GitIgnores git = includeIgnored ? GitIgnores.NONE : GitIgnores.around(dir);
    Set<String> ignored = new TreeSet<>();
    List<Path> files;
    try {
      files =
          ManifestLoader.listManifestFiles(
              dir,
              (path, directory) -> {
                if (!git.ignores(path, directory)) {
                  return false;
                }
                ignored.add(DisplayPath.of(path) + (directory ? "/" : ""));
                return true;
              });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    Listing listing =
        new Listing(
            List.copyOf(files),
            files.stream().filter(RepositoryWalk::isChartFile).map(Path::getParent).toList(),
            java.util.Collections.unmodifiableSet(ignored));
    listed.put(dir, listing);
    return listing;
  }

  static boolean isChartFile(Path f) {
    return f.getFileName().toString().equals("Chart.yaml");
  }
}
