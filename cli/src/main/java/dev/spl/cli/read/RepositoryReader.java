package dev.spl.cli.read;

import dev.spl.InputNotes;
import dev.spl.PartSink;
import dev.spl.config.SplConfig;
import dev.spl.index.Unit;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Reads what {@code spl lint} is given the way a repository is laid out, and feeds it to a lint:
 *
 * <ul>
 *   <li>in a directory walk, only Kubernetes objects are linted: CI and tool configs, Helm's
 *       Chart.yaml and values, kustomization files and kustomize patches are skipped and counted;
 *   <li>a directory holding Chart.yaml is rendered with Helm and its output linted;
 *   <li>each top-level kustomization is a build of its own for the cross-resource rules;
 *   <li>each file is linted for the Gateway API version chosen for it: the flag, the nearest
 *       .spl.yaml, the Gateway API CRDs in the input, or the newest release.
 * </ul>
 */
public final class RepositoryReader {
  private final PartSink run;
  private final List<Renamed> renamed = new ArrayList<>();
  private final Configs configs;
  private final boolean ignoreNonManifests;
  private final RepositoryWalk walk; // the listing of each directory, shared with InputScan
  private final Consumer<LoadedInput> progress;
  private final InputVersions versions;
  private final ChartRendering charts;
  private final ManifestLoader strict = new ManifestLoader();
  // The --context directory: a file named inside it belongs to the unit the walk gives it.
  private Path contextRoot;
  private final ManifestLoader lenient = ManifestLoader.lenient();

  private final List<String> inputErrors = new ArrayList<>();
  private final List<String> skipped = new ArrayList<>();
  private final Set<String> ignoredByGit = new java.util.TreeSet<>(); // what a walk left out
  // directory PATHs whose walk linted nothing, judged once their charts are rendered
  // (true: it held files, none of them objects)
  private final Map<String, Boolean> emptyWalks = new LinkedHashMap<>();
  private int files;
  private String stdinText; // kept: a fix's edits are found in the text read
  private int documents;
  private boolean readAgain; // a file was read once per kustomize build: findings may repeat
  private KustomizeTool kustomize; // null: found on first use
  private final ChartReleases releases = new ChartReleases();
  private final ApplicationSets.Expansions applicationSets = new ApplicationSets.Expansions();
  private final KustomizeDeployments gitOpsBuilds = new KustomizeDeployments();
  private Path walkRoot; // the directory being walked, null for files named alone
  private Path firstWalkRoot; // where the charts found in walks are judged from
  // the files kustomize builds came from, parsed once for every build that reads them
  private final Map<Path, List<dev.spl.model.Node>> sourceDocuments = new HashMap<>();
  private final List<dev.spl.InputNotes.Build> deployments = new ArrayList<>(); // the summary's
  // the files kustomize builds read (as findings name them), and the kustomizations said not built
  private final Set<String> builtFiles = new java.util.TreeSet<>();

  public RepositoryReader(
      PartSink run,
      Configs configs,
      GatewayApiVersion flagVersion,
      boolean ignoreNonManifests,
      RepositoryWalk walk,
      ChartRendering.HelmOptions helm,
      Consumer<LoadedInput> progress,
      Consumer<String> warn) {
    this.run = run;
    this.configs = configs;
    this.ignoreNonManifests = ignoreNonManifests;
    this.walk = walk;
    this.progress = progress;
    this.versions = new InputVersions(configs, flagVersion);
    this.charts =
        new ChartRendering(
            Deployments.reported(
                run,
                () -> walkRoot != null ? walkRoot : firstWalkRoot,
                this::noteDeployments,
                applicationSets),
            versions,
            helm,
            progress,
            warn,
            skipped::add,
            inputErrors::add);
  }

  /** Builds kustomizations with {@code tool} ({@code --kustomize}). */
  public RepositoryReader withKustomize(KustomizeTool tool, boolean offline) {
    this.kustomize = tool;
    this.offline = offline;
    return this;
  }

  private boolean offline; // --offline: no build may fetch a remote resource

  /** Reads {@code context} (spl lint --context) as the walk around the PATHs read next. */
  public void readContext(Path context, Predicate<Path> skip) throws SplConfig.Invalid {
    contextRoot = context;
    read(List.of(context.toString()), () -> InputStream.nullInputStream(), skip);
  }

  /**
   * Reads {@code paths}; {@code skip} leaves out files (the PATHs themselves, when reading the
   * --context around them).
   */
  public void read(List<String> paths, Supplier<InputStream> stdin, Predicate<Path> skip)
      throws SplConfig.Invalid {
    Map<String, List<Path>> walks = new LinkedHashMap<>(); // directory PATH -> its files
    List<Path> named = new ArrayList<>();
    List<Path> charts = new ArrayList<>();
    boolean readsStdin = false;
    for (String path : paths) {
      Path p = Path.of(path);
      if (path.equals("-")) {
        readsStdin = true;
      } else if (Files.isDirectory(p)) {
        List<Path> walked = new ArrayList<>();
        if (Files.isRegularFile(p.resolve("Chart.yaml")) && contextRoot == null) {
          this.charts.named(p);
        }
        walk(p, walked, charts, skip);
        walks.put(path, walked);
      } else if (Files.isRegularFile(p)) {
        if (skip.test(p) || configs.forFile(p).excludes(p)) {
          continue;
        }
        Optional<Path> chart = chartOf(p);
        if (chart.isEmpty()) {
          named.add(p);
        } else if (!charts.contains(chart.get())) {
          charts.add(chart.get());
          this.charts.named(chart.get());
        }
      } else if (Files.exists(p)) {
        inputErrors.add(path + ": not a regular file or directory");
      } else {
        inputErrors.add(path + ": no such file or directory");
      }
    }
    versions.searchForCrds(named);
    walks.forEach((root, files) -> versions.searchForCrds(files, Path.of(root)));
    if (readsStdin) {
      readStdin(stdin);
    }
    for (Map.Entry<String, List<Path>> walk : walks.entrySet()) {
      List<Path> walked = walk.getValue();
      Path root = Path.of(walk.getKey());
      walkRoot = root;
      if (firstWalkRoot == null) {
        firstWalkRoot = root;
      }
      Kustomizations builds =
          Kustomizations.read(
              walked.stream().filter(Kustomizations::isKustomization).toList(), DisplayPath::of);
      inputErrors.addAll(builds.problems());
      int before = documents;
      // a path a Flux Kustomization deploys with fields of its own is linted as Flux builds it
      // (KustomizeDeployments), not as written; its files are read as written only if that fails
      Map<Path, String> gitOps = Deployments.gitOpsFiles(walked);
      Set<Path> fluxDirs = KustomizeDeployments.deployedPaths(gitOps, root, applicationSets);
      Set<String> fluxTops = new LinkedHashSet<>();
      builds
          .tops()
          .forEach(
              (name, dir) -> {
                if (fluxDirs.contains(dir.toAbsolutePath().normalize())) {
                  fluxTops.add(name);
                }
              });
      // kustomize runs while the walk's other files are read; its builds' files wait for it
      Map<String, java.util.concurrent.Future<KustomizeTool.Build>> pending =
          startBuilds(builds, root, fluxTops);
      Set<String> made = new LinkedHashSet<>(pending.keySet());
      made.addAll(fluxTops);
      // an Argo CD directory source that recurses or filters decides which files run together
      ArgoDirectories argo = ArgoDirectories.of(gitOps, root, applicationSets);
      for (Path f : walked) {
        if (Kustomizations.isKustomization(f)) {
          skipped.add(DisplayPath.of(f) + " (kustomization)");
        } else if (builds.isPatch(f)) {
          skipped.add(
              DisplayPath.of(f)
                  + (made.isEmpty()
                      ? " (kustomize patch: part of an object, not one)"
                      : " (kustomize patch: applied by its build)"));
        } else {
          Set<Unit> units =
              argo.unitsOf(f)
                  .map(deployedBy -> deployedBy.isEmpty() ? Set.of(Units.alone(f)) : deployedBy)
                  .orElse(Set.of(Units.of(f, root)));
          if (builds.variantsOf(f).isEmpty()) {
            units.stream().filter(Unit::standsAlone).forEach(run::standAlone);
          }
          readBuilt(f, builds, Units.isTestFixture(f, root), units, made, null);
        }
      }
      for (Path f : builds.filesBeyond(walked)) {
        // A base outside this walk: part of the builds given, so read with them.
        if (!skip.test(f) && !builds.isPatch(f)) {
          readBuilt(f, builds, false, null, made, null);
        }
      }
      acceptRenamed();
      // kustomize's builds are taken once the charts are rendered too: both run at once
      deferred.add(new DeferredBuilds(pending, builds, root, walked, skip, fluxTops));
      boolean isContext = contextRoot != null && root.equals(contextRoot);
      if (documents == before && builds.tops().isEmpty() && !ignoreNonManifests && !isContext) {
        emptyWalks.put(walk.getKey(), !walked.isEmpty());
      }
    }
    walkRoot = null;
    for (Path f : named) {
      if (Kustomizations.isKustomization(f) && ignoreNonManifests) {
        skipped.add(DisplayPath.of(f) + " (kustomization)");
      } else {
        Unit unit = Units.of(f, contextRoot);
        if (unit.standsAlone()) {
          run.standAlone(unit);
        }
        readFile(f, true, false, Set.of(unit), null, null);
      }
    }
    int documentsBeforeCharts = documents();
    int notRenderedBefore = this.charts.notRenderedCount();
    for (Path chart : charts) {
      this.charts.render(chart);
    }
    boolean chartsLinted = documents() > documentsBeforeCharts;
    int chartsNotRendered = this.charts.notRenderedCount() - notRenderedBefore;
    for (DeferredBuilds d : deferred) {
      walkRoot = d.root();
      finishWalkBuilds(d);
    }
    deferred.clear();
    finishFluxBuilds();
    for (DeferredBuilds d : finishedWalks) {
      // a path no Flux build made (it failed, or its Kustomization was not read): as written,
      // as spl reads it without kustomize
      Set<String> failed = new LinkedHashSet<>();
      d.builds()
          .tops()
          .forEach(
              (name, dir) -> {
                if (d.fluxTops().contains(name)
                    && !builtFluxDirs.contains(dir.toAbsolutePath().normalize())) {
                  failed.add(name);
                }
              });
      walkRoot = d.root();
      readAsWritten(d, failed);
    }
    walkRoot = null;
    finishedWalks.clear();
    builtFluxDirs.clear();
    Path releasesRoot = firstWalkRoot;
    // Helm's native library and the HTTP client are loaded only when a release needs them
    for (ChartReleases.Rendered r :
        releases.isEmpty()
            ? List.<ChartReleases.Rendered>of()
            : releases.renderAll(
                kustomizeTool(),
                this.charts.treeCharts(),
                this.charts.fetcher(),
                this.charts.helm(),
                this.charts.kubeVersion(),
                hr -> Deployments.repositoryRoot(hr, releasesRoot))) {
      Path at = Path.of(r.release().file());
      deployments.add(
          new dev.spl.InputNotes.Build(
              r.release().kind(),
              r.release().ref().describe(),
              r.part().problems().stream()
                  .filter(p -> p.kind() == dev.spl.load.LoadProblem.Kind.NOT_BUILT)
                  .map(dev.spl.load.LoadProblem::message)
                  .findFirst()
                  .orElse(null)));
      documents += r.part().documents();
      run.accept(
          r.part(),
          versions.versionFor(at),
          Set.of(Unit.chart(r.release().ref().describe())),
          versions.crdsFor(at));
    }
    walkRoot = null;
    for (Map.Entry<String, Boolean> walk : emptyWalks.entrySet()) {
      // A walk that linted nothing of its own: an input error unless its charts were linted; a
      // chart named alone already is one when it is not rendered.
      if (charts.isEmpty()) {
        inputErrors.add(
            walk.getKey()
                + (walk.getValue()
                    ? ": holds no manifest"
                    : ": no *.yaml, *.yml or *.json file in this directory"));
      } else if (!chartsLinted
          && chartsNotRendered > 0
          && !this.charts.isNamed(Path.of(walk.getKey()))) {
        inputErrors.add(
            walk.getKey()
                + ": nothing linted: "
                + chartsNotRendered
                + (chartsNotRendered == 1 ? " Helm chart" : " Helm charts")
                + " found and not rendered (SPL004 says why)");
      }
    }
    emptyWalks.clear();
  }

  private void walk(Path dir, List<Path> walked, List<Path> charts, Predicate<Path> skip)
      throws SplConfig.Invalid {
    RepositoryWalk.Listing listing;
    try {
      listing = walk.of(dir);
    } catch (IOException | RuntimeException e) {
      inputErrors.add(dir + ": cannot list directory: " + e.getMessage());
      return;
    }
    ignoredByGit.addAll(listing.ignoredByGit());
    for (Path root : listing.chartRoots()) {
      this.charts.found(root.resolve("Chart.yaml"));
    }
    // A file in a chart is part of its rendering; the outermost chart renders its subcharts.
    Set<Path> kept = new java.util.HashSet<>();
    for (Path f : listing.files()) {
      if (!skip.test(f) && !configs.forFile(f).excludes(f)) {
        kept.add(f);
      }
    }
    walked.addAll(listing.outsideCharts(f -> !kept.contains(f), charts));
  }

  /**
   * Reads {@code f} once per way its kustomize builds build it ({@link Kustomizations#readingsOf}):
   * each copy in the units of the builds that build it so. {@code unitsAlone}: its units when no
   * build lists it.
   */
  /**
   * @param made the builds kustomize builds: they read {@code f} themselves
   * @param only when not null, the readings of these builds alone (a second pass, for the builds
   *     kustomize could not make); the file is counted in the first pass only
   */
  private void readBuilt(
      Path f,
      Kustomizations builds,
      boolean testFixture,
      Set<Unit> unitsAlone,
      Set<String> made,
      Set<String> only)
      throws SplConfig.Invalid {
    List<Kustomizations.Reading> readings = builds.readingsOf(f);
    boolean first = only == null;
    for (Kustomizations.Reading r : readings) {
      // a build kustomize made has read this file already, as kustomize builds it
      Set<String> left = new java.util.TreeSet<>(r.builds());
      left.removeAll(made);
      if (only != null) {
        left.retainAll(only);
        if (left.isEmpty()) {
          continue;
        }
      } else if (!r.builds().isEmpty() && left.isEmpty()) {
        if (first) {
          files++;
        }
        first = false;
        continue;
      }
      Set<Unit> units =
          left.isEmpty() && unitsAlone != null
              ? unitsAlone
              : left.stream()
                  .map(Unit::kustomizeBuild)
                  .collect(java.util.stream.Collectors.toSet());
      readFile(
          f, false, testFixture, units, r.namespace().orElse(null), r.names().orElse(null), !first);
      first = false;
    }
  }

  /** A walk's kustomize builds, started while it was read, taken once its charts are rendered. */
  private record DeferredBuilds(
      Map<String, java.util.concurrent.Future<KustomizeTool.Build>> pending,
      Kustomizations builds,
      Path root,
      List<Path> walked,
      Predicate<Path> skip,
      Set<String> fluxTops) {}

  private final List<DeferredBuilds> deferred = new ArrayList<>();
  private final List<DeferredBuilds> finishedWalks = new ArrayList<>();
  private final Set<Path> builtFluxDirs = new LinkedHashSet<>();

  /**
   * Lints what a walk's builds made; what kustomize could not build is read by spl itself, as
   * without kustomize.
   */
  private void finishWalkBuilds(DeferredBuilds d) throws SplConfig.Invalid {
    finishedWalks.add(d);
    Set<String> failed = new LinkedHashSet<>(d.pending().keySet());
    failed.removeAll(finishBuilds(d.pending(), d.builds(), d.root(), d.fluxTops()));
    readAsWritten(d, failed);
  }

  /** Reads the files of {@code failed} builds of a walk as spl reads them without kustomize. */
  private void readAsWritten(DeferredBuilds d, Set<String> failed) throws SplConfig.Invalid {
    if (failed.isEmpty()) {
      return;
    }
    List<Path> again = new ArrayList<>(d.walked());
    again.addAll(d.builds().filesBeyond(d.walked()));
    for (Path f : again) {
      if (!Kustomizations.isKustomization(f)
          && !d.builds().isPatch(f)
          && !d.skip().test(f)
          && !java.util.Collections.disjoint(d.builds().variantsOf(f), failed)) {
        readBuilt(f, d.builds(), Units.isTestFixture(f, d.root()), null, Set.of(), failed);
      }
    }
    acceptRenamed();
  }

  /**
   * Starts the real kustomize on each top-level kustomization of a walk that needs it (one whose
   * kustomizations do more than spl's own reading of names and namespaces), in the background.
   */
  private Map<String, java.util.concurrent.Future<KustomizeTool.Build>> startBuilds(
      Kustomizations builds, Path root, Set<String> fluxTops) {
    Map<String, java.util.concurrent.Future<KustomizeTool.Build>> running = new LinkedHashMap<>();
    if (builds.tops().isEmpty()) {
      return running;
    }
    if (kustomize == null) {
      kustomize = KustomizeTool.of(KustomizeTool.AUTO);
    }
    if (!kustomize.available()) {
      return running;
    }
    for (Map.Entry<String, Path> top : builds.tops().entrySet()) {
      if (fluxTops.contains(top.getKey())) {
        continue; // built as its Flux Kustomization builds it
      }
      List<String> left = builds.notAppliedWithoutKustomize(top.getValue());
      if (left.isEmpty() || Units.isTestFixture(top.getValue().resolve("x"), root)) {
        // a build under test data (a components test, a fixture) is no deployment: read as
        // spl reads it without kustomize, and not said to be unbuilt
        // resources, names and namespaces only: spl's own reading builds it as kustomize
        // would, without a process and a second parse of every file (vendored CRDs)
        continue;
      }
      if (offline && left.stream().anyMatch(w -> w.startsWith("the remote resource"))) {
        continue; // kustomize would fetch it: read by spl itself, and said so
      }
      running.put(top.getKey(), builders().submit(() -> kustomize.build(top.getValue())));
    }
    return running;
  }

  private java.util.concurrent.ExecutorService builders;

  /** Two kustomize processes at a time: one per core of a small CI machine. */
  private java.util.concurrent.ExecutorService builders() {
    if (builders == null) {
      builders =
          java.util.concurrent.Executors.newFixedThreadPool(
              Math.max(2, Runtime.getRuntime().availableProcessors()),
              r -> {
                Thread t = new Thread(r, "spl-kustomize");
                t.setDaemon(true);
                return t;
              });
    }
    return builders;
  }

  /**
   * Lints what each build started made, placed back in the files it came from ({@link
   * KustomizeOrigins}). A build kustomize could not make (or no kustomize here, or --offline with a
   * remote resource) is an SPL006 at its kustomization, naming what spl's own reading of its files
   * leaves out. Returns the builds made.
   */
  private Set<String> finishBuilds(
      Map<String, java.util.concurrent.Future<KustomizeTool.Build>> running,
      Kustomizations builds,
      Path root,
      Set<String> fluxTops)
      throws SplConfig.Invalid {
    Map<String, Path> tops = builds.tops();
    if (tops.isEmpty()) {
      return Set.of();
    }
    Map<String, KustomizeTool.Build> outcomes = new LinkedHashMap<>();
    for (Map.Entry<String, java.util.concurrent.Future<KustomizeTool.Build>> r :
        running.entrySet()) {
      try {
        outcomes.put(r.getKey(), r.getValue().get());
      } catch (java.util.concurrent.ExecutionException e) {
        outcomes.put(r.getKey(), new KustomizeTool.Build(null, null, String.valueOf(e)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        outcomes.put(r.getKey(), new KustomizeTool.Build(null, null, "interrupted"));
      }
    }
    Set<String> made = new LinkedHashSet<>();
    Set<String> failures = new java.util.HashSet<>();
    java.util.function.Function<Path, String> display = sourceNames(root);
    for (Map.Entry<String, Path> top : tops.entrySet()) {
      String name = top.getKey();
      Path dir = top.getValue();
      if (fluxTops.contains(name)) {
        continue; // its Flux Kustomization's build speaks for it
      }
      Path file = KustomizeOrigins.kustomizationIn(dir);
      String unitName = "kustomize build " + name;
      KustomizeTool.Build b = outcomes.get(name);
      if (b != null && b.made()) {
        KustomizeOrigins origins = new KustomizeOrigins(dir, unitName, display, sourceDocuments);
        LoadedInput built = origins.place(lenient.loadText(unitName, b.output()), b.wrapper());
        GatewayApiVersion version = versions.versionFor(file);
        for (String source : origins.sourceFiles()) {
          versions.linted(source, version);
        }
        builtFiles.addAll(origins.sourceFiles());
        readAgain |= tops.size() > 1;
        accept(built, version, Set.of(Unit.kustomizeBuild(name)), versions.crdsFor(file));
        made.add(name);
        deployments.add(new dev.spl.InputNotes.Build("kustomize build", unitName, null));
        continue;
      }
      List<String> left = builds.notAppliedWithoutKustomize(dir);
      if (b == null && (left.isEmpty() || Units.isTestFixture(dir.resolve("x"), root))) {
        continue; // spl's own reading misses nothing of this build, or it is test data
      }
      String reason =
          b != null
              ? "kustomize says: " + shorter(b.error(), root)
              : kustomize.available()
                  ? "--offline (it fetches remote resources)"
                  : kustomize.whyNot();
      deployments.add(new dev.spl.InputNotes.Build("kustomize build", unitName, reason));
      if (b != null && !failures.add(reason)) {
        continue; // the same failure in another build of this walk (a shared base): said once
      }
      String fix =
          left.isEmpty()
              ? "spl read its files itself; `kustomize build " + name + "` shows the error"
              : "spl read its files itself, without " + String.join(", ", left);
      dev.spl.model.SourcePosition at =
          new dev.spl.model.SourcePosition(file == null ? name : display.apply(file), 1, 1);
      builtFiles.add(at.file());
      run.accept(
          new LoadedInput(
              List.of(),
              List.of(dev.spl.load.LoadProblem.notBuilt(at, unitName, reason, fix)),
              List.of(),
              0,
              0),
          versions.versionFor(file == null ? dir : file),
          Set.of(Unit.kustomizeBuild(name)));
    }
    return made;
  }

  /**
   * Takes note of what {@code part} deploys that spl renders or builds: its HelmReleases,
   * Applications and Kustomizations, and the Applications its ApplicationSets make.
   */
  private void noteDeployments(LoadedInput part) {
    releases.note(part);
    gitOpsBuilds.note(part, this::repositoryRootOf);
    List<Resource> generated = new ArrayList<>();
    for (Resource r : part.resources()) {
      if (Deployments.isApplicationSet(r)) {
        generated.addAll(applicationSets.of(r, repositoryRootOf(r)).applications());
      }
    }
    if (!generated.isEmpty()) {
      LoadedInput made = new LoadedInput(generated, List.of(), List.of(), 0, 0);
      releases.note(made);
      gitOpsBuilds.note(made, this::repositoryRootOf);
    }
  }

  private Path repositoryRootOf(Resource r) {
    return Deployments.repositoryRoot(r, walkRoot != null ? walkRoot : firstWalkRoot);
  }

  /**
   * Lints what each Flux Kustomization or Argo CD kustomize source with fields of its own deploys
   * ({@link KustomizeDeployments}), placed back in the files it came from; one kustomize could not
   * build is an SPL006 at its {@code path:} (an Application's: its source's {@code kustomize:}).
   */
  private void finishFluxBuilds() throws SplConfig.Invalid {
    kustomizeTool();
    Path root = firstWalkRoot != null ? firstWalkRoot : Path.of("");
    java.util.function.Function<Path, String> display = sourceNames(root);
    for (KustomizeDeployments.Outcome o :
        gitOpsBuilds.buildAll(kustomize, builders(), this::repositoryRootOf, releases::configMap)) {
      Resource ks = o.kustomization();
      String unitName = o.unitName();
      Path file = Path.of(ks.file());
      GatewayApiVersion version = versions.versionFor(file);
      if (o.made()) {
        KustomizeOrigins origins =
            new KustomizeOrigins(o.dir(), unitName, display, sourceDocuments)
                .withPatchesOf(o.patches(), file)
                .substituting(o.names());
        LoadedInput placed =
            origins.place(lenient.loadText(unitName, o.build().output()), o.build().wrapper());
        LoadedInput built = KustomizeDeployments.withoutUnresolved(placed, o.unresolved());
        skipped.addAll(built.skipped().subList(placed.skipped().size(), built.skipped().size()));
        for (String source : origins.sourceFiles()) {
          versions.linted(source, version);
        }
        builtFiles.addAll(origins.sourceFiles());
        builtFluxDirs.add(o.dir().toAbsolutePath().normalize());
        readAgain = true; // another Kustomization may build the same files
        deployments.add(new dev.spl.InputNotes.Build(o.kind(), unitName, null));
        accept(built, version, Set.of(Unit.kustomizeBuild(unitName)), versions.crdsFor(file));
        continue;
      }
      String reason =
          o.build() != null ? "kustomize says: " + shorter(o.build().error(), root) : o.reason();
      deployments.add(new dev.spl.InputNotes.Build(o.kind(), unitName, reason));
      run.accept(
          new LoadedInput(
              List.of(),
              List.of(
                  dev.spl.load.LoadProblem.notBuilt(
                      o.at(),
                      unitName,
                      reason,
                      o.kind().equals("Application")
                          ? "spl lints its path as written; `argocd app manifests` shows the error"
                          : "spl lints its path as written; `flux build kustomization` shows the error")),
              List.of(),
              0,
              0),
          version,
          Set.of(Unit.kustomizeBuild(unitName)));
    }
  }

  /** The kustomize builds are made with: {@code --kustomize}'s, else the one found here. */
  private KustomizeTool kustomizeTool() {
    if (kustomize == null) {
      kustomize = KustomizeTool.of(KustomizeTool.AUTO);
    }
    return kustomize;
  }

  /** kustomize's words with the walk's absolute paths shown as the walk names them. */
  private static String shorter(String error, Path root) {
    String abs = root.toAbsolutePath().normalize().toString();
    String shown = root.normalize().toString();
    String out = error.replace(abs + "/", shown.isEmpty() || shown.equals(".") ? "" : shown + "/");
    out = out.replaceFirst("^accumulating resources: accumulation err='", "");
    return out;
  }

  /**
   * How findings name a file a build read: as the walk names its files (below the root as the user
   * typed it), else as {@link DisplayPath} does.
   */
  private static java.util.function.Function<Path, String> sourceNames(Path root) {
    Path base = root.toAbsolutePath().normalize();
    return abs -> {
      Path p = abs.toAbsolutePath().normalize();
      return p.startsWith(base)
          ? root.resolve(base.relativize(p)).normalize().toString()
          : DisplayPath.of(p);
    };
  }

  /** The chart a file belongs to: the nearest directory above it holding Chart.yaml. */
  private static Optional<Path> chartOf(Path file) {
    for (Path d = file.toAbsolutePath().normalize().getParent(); d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve("Chart.yaml"))) {
        return Optional.of(Path.of("").toAbsolutePath().relativize(d));
      }
    }
    return Optional.empty();
  }

  /**
   * @param namespace the namespace a kustomize build gives the file's namespaced objects, or null
   * @param names the names a kustomize build gives the file's objects, or null
   */
  private void readFile(
      Path f,
      boolean named,
      boolean testFixture,
      Set<Unit> variants,
      String namespace,
      Kustomizations.BuildNames names)
      throws SplConfig.Invalid {
    readFile(f, named, testFixture, variants, namespace, names, false);
  }

  /**
   * @param again true for a second reading of a file (another kustomize build's copy of its
   *     objects): not counted again, and its findings that repeat the first's are reported once
   */
  private void readFile(
      Path f,
      boolean named,
      boolean testFixture,
      Set<Unit> variants,
      String namespace,
      Kustomizations.BuildNames names,
      boolean again)
      throws SplConfig.Invalid {
    ManifestLoader loader = named && !ignoreNonManifests ? strict : lenient;
    // a base outside the walk comes as an absolute path: shown relative, as the walk's files are
    String name = named ? f.toString() : DisplayPath.ofWalked(f);
    LoadedInput part = loader.loadFile(f, name, named);
    if (again) {
      readAgain = true;
      part =
          new LoadedInput(part.resources(), part.problems(), List.of(), part.files(), 0, List.of());
    } else {
      files++;
      inputErrors.addAll(part.inputErrors());
      skipped.addAll(part.skipped());
    }
    if (loader == lenient) {
      part = OthersProblems.without(part, testFixture, skipped::add);
    }
    if (namespace != null) {
      part = inNamespace(part, namespace);
    }
    if (part.resources().isEmpty() && part.problems().isEmpty()) {
      if ((!named || ignoreNonManifests) && part.skipped().isEmpty()) {
        skipped.add(name + " (no Kubernetes object)");
      }
      return;
    }
    if (names != null && names.referencesKnown()) {
      // Linted once the walk has read every file: an Ingress's Services are renamed with it only
      // when its build renames them, which the other files tell.
      GatewayApiVersion version = versions.versionFor(f);
      versions.linted(name, version);
      renamed.add(
          new Renamed(KustomizeNames.renamed(part, names), version, variants, versions.crdsFor(f)));
      return;
    }
    GatewayApiVersion version = versions.versionFor(f);
    versions.linted(name, version);
    accept(part, version, variants, versions.crdsFor(f));
  }

  private void accept(
      LoadedInput part, GatewayApiVersion version, Set<Unit> variants, CrdsInSight crds) {
    noteDeployments(part);
    int before = part.problems().size();
    part = Deployments.withUnbuilt(part, walkRoot, applicationSets);
    for (dev.spl.load.LoadProblem p : part.problems().subList(before, part.problems().size())) {
      // "Flux Kustomization ns/name not built: why; fix": the kind is the unit's first words
      String unit = p.message().substring(0, Math.max(0, p.message().indexOf(" not built: ")));
      int space = unit.lastIndexOf(' ');
      deployments.add(
          new dev.spl.InputNotes.Build(
              space < 0 ? unit : unit.substring(0, space), unit, p.message()));
    }
    documents += part.documents();
    run.accept(part, version, variants, crds);
    progress.accept(part);
  }

  /** A part of a kustomize build that renames its objects, kept until its walk is read. */
  private record Renamed(
      LoadedInput part, GatewayApiVersion version, Set<Unit> units, CrdsInSight crds) {}

  /**
   * Lints the renamed parts of the walk just read, each Ingress's Services renamed as kustomize
   * renames them: when a Service of that name and namespace is renamed by a build the Ingress is
   * in.
   */
  private void acceptRenamed() {
    Map<String, List<RenamedService>> services = new HashMap<>(); // by "namespace/written name"
    for (Renamed r : renamed) {
      for (Resource res : r.part().resources()) {
        if (res.role() == KindRole.SERVICE && res.rename().isPresent()) {
          services
              .computeIfAbsent(
                  res.namespace() + "/" + res.rename().get().writtenName(), k -> new ArrayList<>())
              .add(new RenamedService(r.units(), res.name()));
        }
      }
    }
    for (Renamed r : renamed) {
      List<Resource> resources = new ArrayList<>(r.part().resources().size());
      for (Resource res : r.part().resources()) {
        resources.add(
            !KustomizeNames.isIngress(res)
                ? res
                : KustomizeNames.withServices(
                    res,
                    written ->
                        services.getOrDefault(res.namespace() + "/" + written, List.of()).stream()
                            .filter(s -> !java.util.Collections.disjoint(s.units(), r.units()))
                            .map(RenamedService::name)
                            .findFirst()
                            .orElse(null)));
      }
      LoadedInput part = r.part();
      accept(
          new LoadedInput(
              resources,
              part.problems(),
              part.inputErrors(),
              part.files(),
              part.documents(),
              part.skipped()),
          r.version(),
          r.units(),
          r.crds());
    }
    renamed.clear();
  }

  private record RenamedService(Set<Unit> units, String name) {}

  private void readStdin(Supplier<InputStream> stdin) throws SplConfig.Invalid {
    byte[] bytes;
    try (InputStream in = stdin.get()) {
      bytes = in.readAllBytes();
    } catch (IOException e) {
      inputErrors.add("cannot read standard input: " + e.getMessage());
      return;
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    stdinText = text;
    LoadedInput part =
        (ignoreNonManifests ? lenient : strict).loadText(ManifestLoader.STDIN_NAME, text);
    files++;
    documents += part.documents();
    if (part.resources().isEmpty() && part.problems().isEmpty() && !ignoreNonManifests) {
      inputErrors.add(ManifestLoader.STDIN_NAME + ": holds no manifest");
    }
    GatewayApiVersion version = versions.versionForStdin(part);
    versions.linted(ManifestLoader.STDIN_NAME, version);
    run.accept(part, version, Set.of(Unit.file(ManifestLoader.STDIN_NAME)));
    progress.accept(part);
  }

  /**
   * {@code part} with its namespaced objects in {@code namespace}, as kustomize's namespace
   * transformer sets it (cluster-scoped objects keep none). References that default to the object's
   * own namespace follow it.
   */
  private static LoadedInput inNamespace(LoadedInput part, String namespace) {
    List<Resource> moved = new ArrayList<>(part.resources().size());
    for (Resource r : part.resources()) {
      dev.spl.model.ResourceRef ref = r.ref();
      moved.add(
          ref.namespace().isEmpty()
              ? r
              : new Resource(
                  r.root(),
                  new dev.spl.model.ResourceRef(
                      ref.apiVersion(), ref.kind(), namespace, ref.name()),
                  r.rename().orElse(null)));
    }
    return new LoadedInput(
        moved, part.problems(), part.inputErrors(), part.files(), part.documents(), part.skipped());
  }

  /**
   * {@code findings} as the user's files write them: positions in charts' rendered output mapped to
   * their templates, and a finding that two kustomize builds' copies of one file both make reported
   * once.
   */
  public List<dev.spl.model.Finding> inTemplates(List<dev.spl.model.Finding> findings) {
    List<dev.spl.model.Finding> mapped = charts.inTemplates(releases.placed(findings));
    if (!readAgain) {
      return mapped;
    }
    Set<List<Object>> seen = new java.util.HashSet<>();
    List<dev.spl.model.Finding> out = new ArrayList<>(mapped.size());
    for (dev.spl.model.Finding f : mapped) {
      if (seen.add(List.of(f.ruleId(), f.position(), f.field(), f.message()))) {
        out.add(f);
      }
    }
    return out;
  }

  public List<String> inputErrors() {
    return inputErrors;
  }

  /** The version the file findings name as {@code file} was linted for, or null. */
  public GatewayApiVersion versionOf(String file) {
    return versions.versionOf(file);
  }

  /**
   * The files read through kustomize builds (and the kustomizations of builds not made), as
   * findings name them: their findings come from whole builds, not from the file alone.
   */
  public Set<String> builtFiles() {
    return builtFiles;
  }

  /** What standard input held, or null when it was not read. */
  public String stdinText() {
    return stdinText;
  }

  /** See {@link InputVersions#versionNamed}. */
  public boolean versionNamed(String file) {
    return versions.versionNamed(file);
  }

  public int files() {
    return files + charts.files();
  }

  public int documents() {
    return documents + charts.documents();
  }

  /** What the summary says of the input: versions and why, skipped files, renderings. */
  public InputNotes notes() {
    List<String> skippedAll = new ArrayList<>(skipped);
    ignoredByGit.forEach(p -> skippedAll.add(p + " (ignored by git; --include-ignored walks it)"));
    return new InputNotes(
        versions.choices(),
        List.copyOf(new LinkedHashSet<>(skippedAll)),
        charts.renderedFrom(),
        java.util.stream.Stream.concat(charts.renderLog().stream(), releases.log().stream())
            .toList(),
        charts.notRendered(),
        charts.renderings(),
        List.of(),
        List.copyOf(deployments));
  }
}
