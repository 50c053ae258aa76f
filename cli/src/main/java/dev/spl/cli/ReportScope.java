package dev.spl.cli;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.ResourceLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which findings to report with {@code --context}: those located in the PATHs given, or whose
 * related objects are there. Without --context everything is reported.
 */
final class ReportScope {
  private final List<Path> targets; // null: report everything

  private ReportScope(List<Path> targets) {
    this.targets = targets;
  }

  static ReportScope of(List<String> paths, Path context) {
    if (context == null) {
      return new ReportScope(null);
    }
    List<Path> targets = new ArrayList<>();
    for (String p : paths) {
      if (!p.equals("-")) {
        targets.add(Path.of(p).toAbsolutePath().normalize());
      }
    }
    return new ReportScope(targets);
  }

  /** True when {@code file} is one of the PATHs, or inside one that is a directory. */
  boolean isTarget(String file) {
    if (targets == null || file.equals(dev.spl.load.ManifestLoader.STDIN_NAME)) {
      return true;
    }
    Path p = Path.of(file).toAbsolutePath().normalize();
    return targets.stream().anyMatch(p::startsWith);
  }

  LintResult filter(LintResult result) {
    if (targets == null) {
      return result;
    }
    List<Finding> kept =
        result.findings().stream()
            .filter(
                f ->
                    isTarget(f.position().file())
                        || f.related().stream().anyMatch(r -> isTarget(r.position().file())))
            .toList();
    List<ResourceLocation> linted =
        result.linted().stream().filter(r -> isTarget(r.position().file())).toList();
    return new LintResult(kept, result.files(), result.documents(), result.resources(), linted);
  }
}
