package dev.spl.cli.read;

import dev.spl.index.ControllerVersions;
import dev.spl.index.IngressClasses;
import dev.spl.load.ManifestLoader;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * What spl reads of its input before it lints a file, because single-object and cross-resource
 * rules alike depend on it: the IngressClasses (which controller serves a class decides which
 * Ingresses ingress-nginx's rules judge) and the Gateway controllers' versions (an image tag, a
 * chart dependency). Only files that mention them are parsed; a chart's rendered objects are not
 * among them (charts render after the walk).
 */
public final class InputScan {
  /** What the scan found. */
  public record Found(IngressClasses ingressClasses, ControllerVersions controllerVersions) {}

  private InputScan() {}

  /**
   * Scans {@code paths} (files and directories, listed by {@code walk}; "-" is passed over), but
   * for the files {@code excluded} leaves out (a .spl.yaml's exclude globs), as the lint does.
   */
  public static Found of(
      List<Path> paths, RepositoryWalk walk, java.util.function.Predicate<Path> excluded) {
    ManifestLoader loader = ManifestLoader.lenient();
    List<Resource> classes = new ArrayList<>();
    ControllerVersions.Builder versions = new ControllerVersions.Builder();
    for (Path p : paths) {
      List<Path> files;
      try {
        files = Files.isDirectory(p) ? walk.of(p).files() : List.of(p);
      } catch (IOException | RuntimeException unreadable) {
        continue; // the lint itself reports the directory
      }
      for (Path f : files) {
        if (excluded.test(f)) {
          continue;
        }
        String text;
        try {
          text = Files.isRegularFile(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
        } catch (IOException | RuntimeException unreadable) {
          continue; // reported when the file is linted
        }
        if (text.contains(Kinds.INGRESS_CLASS)) {
          loader.loadText(f.toString(), text).resources().stream()
              .filter(r -> r.role() == KindRole.INGRESS_CLASS)
              .forEach(classes::add);
        }
        String shown = DisplayPath.of(f);
        // each character is looked at a bounded number of times: a reference ends where the next
        // search starts, and the next reference's start is not sought before it
        for (String mark : ControllerVersions.IMAGE_MARKS) {
          int from = 0;
          for (int at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, from)) {
            int[] span = imageAround(text, at, mark.length(), from);
            versions.image(text.substring(span[0], span[1]), shown);
            from = Math.max(span[1], at + 1);
          }
        }
        if (f.getFileName().toString().equals("Chart.yaml")
            && ControllerVersions.CHART_NAMES.stream().anyMatch(text::contains)) {
          chartDependencies(text, shown, versions);
        }
      }
    }
    return new Found(IngressClasses.of(classes), versions.build());
  }

  /**
   * The image reference {@code text} holds around {@code at}: from the space, quote or YAML colon
   * before it to the space or quote after it (a Deployment's image, a kustomization's newName and
   * newTag aside, a chart's values), not before {@code floor}; its start and end.
   */
  static int[] imageAround(String text, int at, int markLength, int floor) {
    int start = at;
    while (start > floor && !isDelimiter(text.charAt(start - 1))) {
      start--;
    }
    int end = at + markLength;
    while (end < text.length() && !isDelimiter(text.charAt(end))) {
      end++;
    }
    return new int[] {start, end};
  }

  private static boolean isDelimiter(char c) {
    return Character.isWhitespace(c)
        || c == '"'
        || c == '\''
        || c == ','
        || c == '['
        || c == ']'
        || c == '{'
        || c == '}';
  }

  /** The dependencies a Chart.yaml names; one that cannot be read names none. */
  private static void chartDependencies(
      String text, String shown, ControllerVersions.Builder versions) {
    try {
      if (new Load(LoadSettings.builder().build()).loadFromString(text) instanceof Map<?, ?> chart
          && chart.get("dependencies") instanceof List<?> deps) {
        for (Object d : deps) {
          if (d instanceof Map<?, ?> dep && dep.get("name") != null) {
            Object version = dep.get("version");
            versions.chartDependency(
                String.valueOf(dep.get("name")),
                version == null ? null : String.valueOf(version),
                shown);
          }
        }
      }
    } catch (RuntimeException unreadable) {
      // the chart's rendering reports it
    }
  }
}
