package dev.spl.cli.read;

import dev.spl.Judgement;
import dev.spl.LintOptions;
import dev.spl.config.SplConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The {@code .spl.yaml} that governs each file: the nearest one from the file's directory upwards,
 * like {@code .editorconfig}, so a subdirectory can target another version or switch rules off; or
 * the one {@code --config} names, for every file. Each file is read once.
 */
public final class Configs {
  private final SplConfig forced; // --config, or null
  private final Map<Path, SplConfig> byDirectory = new HashMap<>();
  private final Map<Path, SplConfig> byFile = new HashMap<>();
  private SplConfig.Invalid invalid;

  public Configs(SplConfig forced) {
    this.forced = forced;
  }

  /** The configuration for {@code file} (a path that may not exist: stdin is the working dir). */
  public SplConfig forFile(Path file) throws SplConfig.Invalid {
    if (forced != null) {
      return forced;
    }
    Path dir = file.toAbsolutePath().normalize().getParent();
    return forDirectory(dir);
  }

  /**
   * True when the .spl.yaml in force for {@code file} excludes it; an invalid .spl.yaml excludes
   * nothing here (the lint reports it where it reads that file).
   */
  public boolean excludes(Path file) {
    try {
      return forFile(file).excludes(file);
    } catch (SplConfig.Invalid reportedByTheLint) {
      return false;
    }
  }

  /**
   * The controllers' versions the .spl.yaml of the inputs say (each directory's own, or a file's),
   * else the working directory's: the first that names any.
   */
  public dev.spl.index.ControllerVersions controllersOf(java.util.List<Path> inputs)
      throws SplConfig.Invalid {
    return firstSaying(inputs, c -> !c.controllers().isEmpty()).controllers();
  }

  /**
   * Whether the .spl.yaml of the inputs (else the working directory's) forbids fetching: the first
   * that says.
   */
  public java.util.Optional<Boolean> offlineOf(java.util.List<Path> inputs)
      throws SplConfig.Invalid {
    return java.util.Optional.ofNullable(firstSaying(inputs, c -> c.offline() != null).offline());
  }

  /** The first of the inputs' configurations that {@code says}, else the working directory's. */
  private SplConfig firstSaying(
      java.util.List<Path> inputs, java.util.function.Predicate<SplConfig> says)
      throws SplConfig.Invalid {
    for (Path input : inputs) {
      SplConfig c = forFile(Files.isDirectory(input) ? input.resolve(SplConfig.FILE_NAME) : input);
      if (says.test(c)) {
        return c;
      }
    }
    return forWorkingDirectory();
  }

  /** The configuration of the working directory: where failOn comes from. */
  public SplConfig forWorkingDirectory() throws SplConfig.Invalid {
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
   * Each file's findings judged by its configuration (rules switched off or given another severity,
   * objects suppressed or skipped), inside the engine. Cross-resource findings go by the file of
   * the object reported. A configuration that cannot be read judges nothing and is kept for {@link
   * #throwIfInvalid}: the lint reads every file's configuration first, so it is seen there before
   * it can be here.
   */
  public LintOptions.PerFile perFile() {
    // One judgement per configuration and base, not per file: a walk has thousands of files and
    // few .spl.yaml.
    Map<SplConfig, Map<Judgement, Judgement>> judged = new IdentityHashMap<>();
    Map<SplConfig, dev.spl.index.ControllerVersions> controllers = new IdentityHashMap<>();
    return new LintOptions.PerFile() {
      @Override
      public Judgement judgementFor(String file, Judgement base) {
        SplConfig config = configOf(file);
        return config == null
            ? base
            : judged
                .computeIfAbsent(config, c -> new IdentityHashMap<>())
                .computeIfAbsent(base, config::judgement);
      }

      // a .spl.yaml's controllers speak for the objects of its directory (an example folder's
      // for its own examples), before the run's
      @Override
      public dev.spl.index.ControllerVersions controllersFor(
          String file, dev.spl.index.ControllerVersions base) {
        SplConfig config = configOf(file);
        return config == null || config.controllers().isEmpty()
            ? base
            : controllers.computeIfAbsent(config, c -> c.controllers().orElse(base));
      }
    };
  }

  /** The configuration in force for {@code file}; null when it cannot be read (kept). */
  private SplConfig configOf(String file) {
    try {
      return forFile(Path.of(file));
    } catch (SplConfig.Invalid e) {
      if (invalid == null) {
        invalid = e;
      }
      return null;
    }
  }

  /** The first configuration {@link #perFile} could not read, if any. */
  public void throwIfInvalid() throws SplConfig.Invalid {
    if (invalid != null) {
      throw invalid;
    }
  }
}
