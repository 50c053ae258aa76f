package dev.spl.cli;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.PartSink;
import dev.spl.catalogue.RuleSelection;
import dev.spl.cli.read.ChartRendering;
import dev.spl.cli.read.Configs;
import dev.spl.cli.read.DisplayPath;
import dev.spl.cli.read.HelmCharts;
import dev.spl.cli.read.InputScan;
import dev.spl.cli.read.OthersProblems;
import dev.spl.cli.read.RepositoryReader;
import dev.spl.cli.read.RepositoryWalk;
import dev.spl.cli.read.Units;
import dev.spl.config.SplConfig;
import dev.spl.index.Unit;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiVersion;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A workspace linted as {@code spl lint ROOT} lints it, kept to lint again with one file's text
 * changed (an editor's unsaved buffer): the files are read, charts rendered and kustomize builds
 * found once, when {@link #read} runs (at start and after a save), and a change lints that one file
 * again, with the other files kept only for the cross-resource rules of its own units. The engine
 * and its compiled CEL stay warm between lints. Not thread-safe: the language server lints on one
 * thread.
 */
public final class WorkspaceLint implements dev.spl.cli.lsp.Workspace {
  private final Path root;
  private final Engine engine = new Engine();
  private final ManifestLoader loader = ManifestLoader.lenient(); // as a directory walk reads
  private final Consumer<String> log;
  private Snapshot snapshot;

  /** One part as the reader gave it. */
  private record Part(
      LoadedInput part,
      GatewayApiVersion version,
      Set<Unit> units,
      CrdsInSight crds,
      String file) {}

  /** What one read of the workspace found. */
  private record Snapshot(
      List<Part> parts,
      Set<Unit> standAlone,
      LintOptions options,
      RepositoryReader reader,
      Map<String, List<Finding>> findingsByFile,
      Set<String> rendered) {}

  public WorkspaceLint(Path root, Consumer<String> log) {
    this.root = root.toAbsolutePath().normalize();
    this.log = log;
  }

  /** The name findings give {@code file}, as a lint of the workspace names it. */
  @Override
  public String nameOf(Path file) {
    return DisplayPath.of(file);
  }

  /**
   * Reads (again) every file of the workspace from disk and lints it whole. Returns the files that
   * have findings, by the name findings give them.
   */
  @Override
  public Set<String> read() {
    Configs configs = new Configs(null);
    // the editor lists and scans the workspace as spl lint . does (.spl.yaml excludes, git ignores)
    RepositoryWalk walk = new RepositoryWalk(false);
    InputScan.Found scan = InputScan.of(List.of(root), walk, configs::excludes);
    LintOptions options =
        new LintOptions(
                GatewayApiVersion.NEWEST_RELEASE, RuleSelection.of(List.of(), List.of(), Map.of()))
            .withPerFile(configs.perFile())
            .withIngressClasses(scan.ingressClasses())
            .withControllerVersions(scan.controllerVersions());
    List<Part> parts = new ArrayList<>();
    Set<Unit> standAlone = new LinkedHashSet<>();
    PartSink recorder =
        new PartSink() {
          @Override
          public void accept(LoadedInput part, GatewayApiVersion version, Set<Unit> units) {
            accept(part, version, units, null);
          }

          @Override
          public void accept(
              LoadedInput part, GatewayApiVersion version, Set<Unit> units, CrdsInSight crds) {
            parts.add(new Part(part, version, units, crds, fileOf(part)));
          }

          @Override
          public PartSink standAlone(Unit unit) {
            standAlone.add(unit);
            return this;
          }
        };
    RepositoryReader reader =
        new RepositoryReader(
            recorder,
            configs,
            null,
            false,
            walk,
            new ChartRendering.HelmOptions(List.of(), List.of(), HelmCharts.DEFAULT_KUBE_VERSION),
            part -> {},
            log);
    try {
      reader.read(List.of(root.toString()), InputStream::nullInputStream, f -> false);
    } catch (SplConfig.Invalid e) {
      log.accept(e.getMessage());
    }
    Engine.LintRun run = start(options, standAlone);
    parts.forEach(p -> run.accept(p.part(), p.version(), p.units(), p.crds()));
    LintResult result = run.finish(reader.files(), reader.documents());
    Map<String, List<Finding>> byFile = new HashMap<>();
    for (Finding f : reader.inTemplates(result.findings())) {
      byFile.computeIfAbsent(f.position().file(), k -> new ArrayList<>()).add(f);
    }
    Set<String> rendered = new HashSet<>(reader.notes().renderedFrom().keySet());
    snapshot = new Snapshot(List.copyOf(parts), standAlone, options, reader, byFile, rendered);
    return byFile.keySet();
  }

  /**
   * The findings in {@code file} when it holds {@code text} and every other file is as last read:
   * the single-object rules on the text, the cross-resource ones with the rest of the workspace. A
   * file a chart renders is judged as last read (its rendering needs the saved chart).
   */
  @Override
  public List<Finding> lint(String file, String text) {
    if (snapshot == null) {
      read();
    }
    Snapshot s = snapshot;
    if (text == null || s.rendered().contains(file) || builtAsSaved(s, file, text)) {
      return s.findingsByFile().getOrDefault(file, List.of());
    }
    GatewayApiVersion version = null;
    CrdsInSight crds = null;
    Set<Unit> units = new LinkedHashSet<>();
    for (Part p : s.parts()) {
      if (file.equals(p.file())) {
        version = p.version();
        crds = p.crds();
        units.addAll(p.units());
      }
    }
    if (version == null) {
      version = versionOf(file);
    }
    if (units.isEmpty()) {
      units.add(Units.of(Path.of(file), root));
    }
    LoadedInput parsed =
        OthersProblems.without(ManifestLoader.lenient().loadText(file, text), false, skipped -> {});
    // Only the edited file is linted alone; the others are kept for the cross-resource rules, and
    // only the builds of the file's units are checked: what the edit can change.
    Engine.LintRun run =
        start(
            s.options(),
            s.standAlone(),
            Engine.RunMode.DEFAULT.isolatingRuleFailures().onlyUnits(units));
    for (Part p : s.parts()) {
      if (!file.equals(p.file())) {
        run.acceptForIndex(p.part(), p.version(), p.units());
      }
    }
    run.accept(parsed, version, units, crds);
    List<Finding> own = new ArrayList<>();
    for (Finding f : run.finish(0, 0).findings()) {
      if (f.position().file().equals(file)) {
        own.add(f);
      }
    }
    return own;
  }

  /**
   * True for a file a kustomize build read, holding what is saved: its findings are the build's, as
   * the last read made them (an unsaved edit is linted alone until the next read).
   */
  private static boolean builtAsSaved(Snapshot s, String file, String text) {
    if (!s.reader().builtFiles().contains(file)) {
      return false;
    }
    try {
      return text.equals(Files.readString(Path.of(file)));
    } catch (java.io.IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * True when {@code file}'s Gateway API version was named (flag, .spl.yaml, CRDs in the
   * workspace), as the last read found: a fix that holds only then is offered only then.
   */
  @Override
  public boolean versionNamed(String file) {
    return snapshot != null && snapshot.reader().versionNamed(file);
  }

  /** {@code text} as {@code file}, linted alone as a fix is checked ({@code FixPlan}). */
  @Override
  public List<Finding> lintAlone(String file, String text) {
    LintOptions options = snapshot == null ? LintOptions.defaults() : snapshot.options();
    return engine
        .lint(loader.loadText(file, text), options.withVersion(versionOf(file)))
        .findings();
  }

  private GatewayApiVersion versionOf(String file) {
    if (snapshot != null) {
      for (Part p : snapshot.parts()) {
        if (file.equals(p.file())) {
          return p.version();
        }
      }
    }
    // A file the workspace read did not hold (a new one): its .spl.yaml, else the newest release.
    SplConfig configured;
    try {
      configured = new Configs(null).forFile(Path.of(file));
    } catch (SplConfig.Invalid e) {
      configured = null;
    }
    return dev.spl.config.VersionChooser.choose(
            null,
            configured == null || configured.gatewayApiVersion() == null
                ? null
                : new dev.spl.config.VersionChooser.Named(
                    configured.gatewayApiVersion(), String.valueOf(configured.file())),
            null,
            "no .spl.yaml names one")
        .version();
  }

  private Engine.LintRun start(LintOptions options, Set<Unit> standAlone) {
    return start(options, standAlone, Engine.RunMode.DEFAULT.isolatingRuleFailures());
  }

  private Engine.LintRun start(LintOptions options, Set<Unit> standAlone, Engine.RunMode mode) {
    Engine.LintRun run = engine.start(options, mode);
    standAlone.forEach(run::standAlone);
    return run;
  }

  /** The file a part was read from, by the name its findings carry; null for an empty part. */
  private static String fileOf(LoadedInput part) {
    for (Resource r : part.resources()) {
      return r.position().file();
    }
    for (LoadProblem p : part.problems()) {
      return p.position().file();
    }
    return null;
  }
}
