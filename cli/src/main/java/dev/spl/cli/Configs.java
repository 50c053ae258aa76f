package dev.spl.cli;

import dev.spl.config.SplConfig;
import dev.spl.model.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code .spl.yaml} that governs each file: the nearest one from the file's directory upwards,
 * like {@code .editorconfig}, so a subdirectory can target another version or switch rules off; or
 * the one {@code --config} names, for every file. Each file is read once.
 */
final class Configs {
  private final SplConfig forced; // --config, or null
  private final Map<Path, SplConfig> byDirectory = new HashMap<>();
  private final Map<Path, SplConfig> byFile = new HashMap<>();

  Configs(SplConfig forced) {
    this.forced = forced;
  }

  /** The configuration for {@code file} (a path that may not exist: stdin is the working dir). */
  SplConfig forFile(Path file) throws SplConfig.Invalid {
    if (forced != null) {
      return forced;
    }
    Path dir = file.toAbsolutePath().normalize().getParent();
    return forDirectory(dir);
  }

  /** The configuration of the working directory: where failOn comes from. */
  SplConfig forWorkingDirectory() throws SplConfig.Invalid {
    return forced != null ? forced : forDirectory(Path.of("").toAbsolutePath());
  }

  private SplConfig forDirectory(Path dir) throws SplConfig.Invalid {
    if (dir == null) {
      return SplConfig.none();
    }
    SplConfig known = byDirectory.get(dir);
    if (known != null) {
      return known;
    }
    Path candidate = dir.resolve(SplConfig.FILE_NAME);
    SplConfig found;
    if (Files.isRegularFile(candidate)) {
      found = byFile.get(candidate);
      if (found == null) {
        found = SplConfig.load(candidate);
        byFile.put(candidate, found);
      }
    } else {
      found = forDirectory(dir.getParent());
    }
    byDirectory.put(dir, found);
    return found;
  }

  /**
   * Applies each finding's configuration: rules switched off or given another severity, resources
   * suppressed or skipped. Findings are placed by their own file; cross-resource findings go by the
   * object reported.
   */
  List<Finding> apply(List<Finding> findings) throws SplConfig.Invalid {
    List<Finding> kept = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      forFile(Path.of(f.position().file())).apply(f).ifPresent(kept::add);
    }
    return kept;
  }
}
