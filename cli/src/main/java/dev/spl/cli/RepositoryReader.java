package dev.spl.cli;

import dev.spl.InputNotes;
import dev.spl.PartSink;
import dev.spl.config.SplConfig;
import dev.spl.config.VersionChooser;
import dev.spl.index.Unit;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.SourcePosition;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiCrd;
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
import java.util.TreeMap;
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
final class RepositoryReader {
  private final PartSink run;
  private final List<Renamed> renamed = new ArrayList<>();
  private final Configs configs;
  private final GatewayApiVersion flagVersion; // null: automatic
  private final boolean ignoreNonManifests;
  private final boolean includeIgnored; // --include-ignored: walk what git ignores too
  private final HelmOptions helm;
  private final Consumer<LoadedInput> progress;
  private final Consumer<String> warn;
  private final ManifestLoader strict = new ManifestLoader();
  // The --context directory: a file named inside it belongs to the unit the walk gives it.
  private Path contextRoot;
  private final ManifestLoader lenient = ManifestLoader.lenient();

  private final List<String> inputErrors = new ArrayList<>();
  private final List<String> skipped = new ArrayList<>();
  private final List<String> renderLog = new ArrayList<>();
  private final Map<String, String> renderedFrom = new TreeMap<>();
  private final ChartPositions chartPositions = new ChartPositions();
  private final ChartDependencies.TreeCharts treeCharts = new ChartDependencies.TreeCharts();
  private final Set<Path> namedCharts = new java.util.HashSet<>(); // absolute, normalized
  private final List<String> notRenderedCharts = new ArrayList<>();
  private final Set<String> ignoredByGit = new java.util.TreeSet<>(); // what a walk left out
  // directory PATHs whose walk linted nothing, judged once their charts are rendered
  // (true: it held files, none of them objects)
  private final Map<String, Boolean> emptyWalks = new LinkedHashMap<>();
  private final List<Integer> renderings = new ArrayList<>(); // per chart rendered: how many times
  private final Map<String, VersionCount> versions = new LinkedHashMap<>();
  private Optional<CrdVersion> crdVersion = Optional.empty(); // once found, kept
  private int crdCandidatesSearched; // candidates before this one were searched in vain
  private final List<Path> crdCandidates = new ArrayList<>(); // every file of every read()
  private Optional<HelmCharts.Renderer> renderer; // looked up when the first chart is found
  private int files;
  // per file name as findings carry it: the version it was linted for (--fix lints it again)
  private final Map<String, GatewayApiVersion> versionByFile = new java.util.HashMap<>();
  private final Set<String> namedVersion = new java.util.HashSet<>(); // files; see versionNamed
  private String stdinText; // kept: a fix's edits are found in the text read
  private int documents;
  private boolean readAgain; // a file was read once per kustomize build: findings may repeat

  /** --helm-values, --helm-set and --kube-version, applied to every chart rendered. */
  record HelmOptions(List<Path> valuesFiles, List<String> sets, String kubeVersion) {}

  private record CrdVersion(GatewayApiVersion version, String file) {}

  // The Gateway API CRDs of each directory that holds some (absolute, normalized), found with
  // crdVersion(): they speak for the files at and below them (crdsFor).
  private final Map<Path, List<GatewayApiCrd>> crdsByDirectory = new LinkedHashMap<>();
  private final Map<Path, CrdsInSight> sightByDirectory = new HashMap<>(); // made once each
  private Path chosenCrdDirectory; // the set crdVersion() chose, when it is not test data

  private static final class VersionCount {
    final GatewayApiVersion version;
    final String reason;
    int files;

    VersionCount(GatewayApiVersion version, String reason) {
      this.version = version;
      this.reason = reason;
    }
  }

  RepositoryReader(
      PartSink run,
      Configs configs,
      GatewayApiVersion flagVersion,
      boolean ignoreNonManifests,
      boolean includeIgnored,
      HelmOptions helm,
      Consumer<LoadedInput> progress,
      Consumer<String> warn) {
    this.run = run;
    this.configs = configs;
    this.flagVersion = flagVersion;
    this.ignoreNonManifests = ignoreNonManifests;
    this.includeIgnored = includeIgnored;
    this.helm = helm;
    this.progress = progress;
    this.warn = warn;
  }

  /** Reads {@code context} (spl lint --context) as the walk around the PATHs read next. */
  void readContext(Path context, Predicate<Path> skip) throws SplConfig.Invalid {
    contextRoot = context;
    read(List.of(context.toString()), () -> InputStream.nullInputStream(), skip);
  }

  /**
   * Reads {@code paths}; {@code skip} leaves out files (the PATHs themselves, when reading the
   * --context around them).
   */
  void read(List<String> paths, Supplier<InputStream> stdin, Predicate<Path> skip)
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
          namedCharts.add(p.toAbsolutePath().normalize());
          indexSiblingCharts(p);
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
          namedCharts.add(chart.get().toAbsolutePath().normalize());
          indexSiblingCharts(chart.get());
        }
      } else if (Files.exists(p)) {
        inputErrors.add(path + ": not a regular file or directory");
      } else {
        inputErrors.add(path + ": no such file or directory");
      }
    }
    crdCandidates.addAll(named);
    walks.values().forEach(crdCandidates::addAll);
    if (readsStdin) {
      readStdin(stdin);
    }
    for (Map.Entry<String, List<Path>> walk : walks.entrySet()) {
      List<Path> walked = walk.getValue();
      Path root = Path.of(walk.getKey());
      Kustomizations builds =
          Kustomizations.read(
              walked.stream().filter(Kustomizations::isKustomization).toList(),
              RepositoryReader::display);
      inputErrors.addAll(builds.problems());
      int before = documents;
      for (Path f : walked) {
        if (Kustomizations.isKustomization(f)) {
          skipped.add(display(f) + " (kustomization)");
        } else if (builds.isPatch(f)) {
          skipped.add(display(f) + " (kustomize patch: part of an object, not one)");
        } else {
          Unit unit = Units.of(f, root);
          if (builds.variantsOf(f).isEmpty() && unit.standsAlone()) {
            run.standAlone(unit);
          }
          readBuilt(f, builds, Units.isTestFixture(f, root), unit);
        }
      }
      for (Path f : builds.filesBeyond(walked)) {
        // A base outside this walk: part of the builds given, so read with them.
        if (!skip.test(f) && !builds.isPatch(f)) {
          readBuilt(f, builds, false, null);
        }
      }
      acceptRenamed();
      boolean isContext = contextRoot != null && root.equals(contextRoot);
      if (documents == before && !ignoreNonManifests && !isContext) {
        emptyWalks.put(walk.getKey(), !walked.isEmpty());
      }
    }
    for (Path f : named) {
      if (Kustomizations.isKustomization(f) && ignoreNonManifests) {
        skipped.add(display(f) + " (kustomization)");
      } else {
        Unit unit = Units.of(f, contextRoot);
        if (unit.standsAlone()) {
          run.standAlone(unit);
        }
        readFile(f, true, false, Set.of(unit), null, null);
      }
    }
    int documentsBeforeCharts = documents;
    int notRenderedBefore = notRenderedCharts.size();
    for (Path chart : charts) {
      render(chart);
    }
    boolean chartsLinted = documents > documentsBeforeCharts;
    int chartsNotRendered = notRenderedCharts.size() - notRenderedBefore;
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
          && !namedCharts.contains(Path.of(walk.getKey()).toAbsolutePath().normalize())) {
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

  /**
   * Indexes the charts beside a chart named on the command line: a chart collection keeps the
   * library chart its charts depend on in the same directory.
   */
  private void indexSiblingCharts(Path chart) {
    Path parent = chart.toAbsolutePath().normalize().getParent();
    if (parent == null) {
      return;
    }
    try (var entries = Files.list(parent)) {
      entries
          .map(d -> d.resolve("Chart.yaml"))
          .filter(Files::isRegularFile)
          .forEach(treeCharts::add);
    } catch (IOException | RuntimeException e) {
      // nothing beside it to index
    }
  }

  private void walk(Path dir, List<Path> walked, List<Path> charts, Predicate<Path> skip)
      throws SplConfig.Invalid {
    List<Path> all;
    GitIgnores git = includeIgnored ? GitIgnores.NONE : GitIgnores.around(dir);
    try {
      all =
          ManifestLoader.listManifestFiles(
              dir,
              (path, directory) -> {
                if (!git.ignores(path, directory)) {
                  return false;
                }
                ignoredByGit.add(display(path) + (directory ? "/" : ""));
                return true;
              });
    } catch (IOException | RuntimeException e) {
      inputErrors.add(dir + ": cannot list directory: " + e.getMessage());
      return;
    }
    List<Path> chartRoots = new ArrayList<>();
    for (Path f : all) {
      if (f.getFileName().toString().equals("Chart.yaml")) {
        chartRoots.add(f.getParent());
        treeCharts.add(f);
      }
    }
    for (Path f : all) {
      // A file in a chart is part of its rendering; the outermost chart renders its subcharts.
      Optional<Path> chart =
          chartRoots.stream()
              .filter(f::startsWith)
              .min((a, b) -> a.getNameCount() - b.getNameCount());
      if (skip.test(f) || configs.forFile(f).excludes(f)) {
        continue;
      }
      if (chart.isEmpty()) {
        walked.add(f);
      } else if (!charts.contains(chart.get())) {
        charts.add(chart.get());
      }
    }
  }

  /**
   * Reads {@code f} once per way its kustomize builds build it ({@link Kustomizations#readingsOf}):
   * each copy in the units of the builds that build it so. {@code unit}: its unit when no build
   * lists it.
   */
  private void readBuilt(Path f, Kustomizations builds, boolean testFixture, Unit unit)
      throws SplConfig.Invalid {
    List<Kustomizations.Reading> readings = builds.readingsOf(f);
    for (int i = 0; i < readings.size(); i++) {
      Kustomizations.Reading r = readings.get(i);
      Set<Unit> units =
          r.builds().isEmpty() && unit != null
              ? Set.of(unit)
              : r.builds().stream()
                  .map(Unit::kustomizeBuild)
                  .collect(java.util.stream.Collectors.toSet());
      readFile(
          f, false, testFixture, units, r.namespace().orElse(null), r.names().orElse(null), i > 0);
    }
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
    String name = named ? f.toString() : f.isAbsolute() ? display(f) : f.normalize().toString();
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
      part = withoutOthersProblems(part, testFixture);
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
      GatewayApiVersion version = versionFor(f);
      versionByFile.put(name, version);
      renamed.add(new Renamed(KustomizeNames.renamed(part, names), version, variants, crdsFor(f)));
      return;
    }
    GatewayApiVersion version = versionFor(f);
    versionByFile.put(name, version);
    accept(part, version, variants, crdsFor(f));
  }

  private void accept(
      LoadedInput part, GatewayApiVersion version, Set<Unit> variants, CrdsInSight crds) {
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
    // Its own CRDs are the CRDs in sight for it; else the input's, as for any file.
    Optional<CrdVersion> own = crdVersionIn(part.resources(), ManifestLoader.STDIN_NAME);
    SplConfig here = configs.forWorkingDirectory();
    GatewayApiVersion version =
        own.isPresent()
            ? chosen(
                Path.of(ManifestLoader.STDIN_NAME),
                named(own.get()),
                here.gatewayApiVersion() == null
                    ? null
                    : new VersionChooser.Named(here.gatewayApiVersion(), display(here.file())))
            : versionFor(Path.of(ManifestLoader.STDIN_NAME));
    versionByFile.put(ManifestLoader.STDIN_NAME, version);
    run.accept(part, version, Set.of(Unit.file(ManifestLoader.STDIN_NAME)));
    progress.accept(part);
  }

  /**
   * One rendering of a chart: with the values the user passed, or the chart's defaults, or one of
   * the chart's own {@code ci/*-values.yaml} files (chart-testing's convention: what the chart's CI
   * renders it with).
   *
   * @param valuesFile the ci values file, or null for the user's values or the chart's defaults
   */
  private record Rendering(Path valuesFile, List<Path> valuesFiles, List<String> sets) {
    String label() {
      return valuesFile == null ? null : display(valuesFile);
    }
  }

  /**
   * The values files a rendering read, the one whose values win first: the ci file, then the
   * chart's values.yaml (the user's --helm-values files, last given first, when passed).
   */
  private static List<Path> valuesRead(Path chart, Rendering r) {
    List<Path> out = new ArrayList<>(r.valuesFiles());
    java.util.Collections.reverse(out);
    if (r.sets().isEmpty()) {
      Path own = chart.resolve("values.yaml");
      if (Files.isRegularFile(own)) {
        out.add(own);
      }
    } else {
      out.clear(); // --helm-set values are written nowhere: no file can be pointed at
    }
    return out;
  }

  /** The renderings of {@code chart}: the user's values alone, or the defaults and each ci file. */
  private List<Rendering> renderings(Path chart) {
    if (!helm.valuesFiles().isEmpty() || !helm.sets().isEmpty()) {
      return List.of(new Rendering(null, helm.valuesFiles(), helm.sets()));
    }
    List<Rendering> out = new ArrayList<>();
    out.add(new Rendering(null, List.of(), List.of()));
    Path ci = chart.resolve("ci");
    if (Files.isDirectory(ci)) {
      try (var files = Files.list(ci)) {
        files
            .filter(f -> f.getFileName().toString().endsWith("-values.yaml"))
            .filter(Files::isRegularFile)
            .sorted()
            .forEach(f -> out.add(new Rendering(f, List.of(f), List.of())));
      } catch (IOException e) {
        renderLog.add("helm template " + chartName(chart) + ": cannot list ci/: " + e.getMessage());
      }
    }
    return out;
  }

  private void render(Path chart) throws SplConfig.Invalid {
    String chartName = chartName(chart);
    boolean named = namedCharts.contains(chart.toAbsolutePath().normalize());
    if (renderer == null) {
      renderer = HelmCharts.renderer();
      if (renderer.isEmpty()) {
        warn.accept(
            "no Helm here (neither helm-java nor a helm on the PATH): Helm charts are not rendered"
                + " (SPL004 names each)");
      }
    }
    if (renderer.isEmpty()) {
      notRendered(
          chart,
          named,
          null,
          "no Helm here (neither helm-java's library for this platform nor a helm on the PATH)",
          "put helm on the PATH, or lint `helm template " + chartName + "`'s output from stdin");
      return;
    }
    Optional<String> library = HelmCharts.notRendered(chart);
    if (library.isPresent()) {
      skipped.add(chartName + " (" + library.get() + ")");
      return;
    }
    ChartDependencies.Resolution deps =
        ChartDependencies.resolve(chart, treeCharts, ChartDependencies.helmCaches());
    if (!deps.complete()) {
      notRendered(
          chart,
          named,
          null,
          "its dependencies "
              + String.join(
                  ", ",
                  deps.missing().stream()
                      .map(
                          d ->
                              d.name()
                                  + (d.version() == null ? "" : " " + d.version())
                                  + (d.repository() == null ? "" : " from " + d.repository()))
                      .toList())
              + " are not in its charts/ directory, at a file:// path, in the tree being linted"
              + " or in Helm's cache",
          "run `helm dependency build " + chartName + "` (it fetches them) and lint again");
      return;
    }
    for (ChartDependencies.Found f : deps.found()) {
      renderLog.add(
          "helm template "
              + chartName
              + ": dependency "
              + f.dependency().name()
              + " taken from "
              + f.where());
    }
    Path copy = null;
    try {
      boolean withoutSchemas = HelmCharts.hasRemoteSchemas(chart);
      if (withoutSchemas) {
        renderLog.add(
            "helm template "
                + chartName
                + ": values.schema.json refers to schemas on the network, which spl does not"
                + " fetch: rendered without schema validation (helm template"
                + " --skip-schema-validation)");
      }
      if (withoutSchemas || !deps.found().isEmpty()) {
        copy = HelmCharts.copy(chart, withoutSchemas);
        ChartDependencies.place(copy, deps, treeCharts, ChartDependencies.helmCaches(), 0);
      }
      renderAll(chart, chartName, named, copy == null ? chart : copy);
    } catch (IOException e) {
      notRendered(
          chart,
          named,
          null,
          "cannot copy the chart to render it (" + e.getMessage() + ")",
          "check the chart's files can be read");
    } finally {
      if (copy != null) {
        HelmCharts.deleteCopy(copy);
      }
    }
  }

  /** Renders {@code source} (the chart or its prepared copy) once per rendering, and lints each. */
  private void renderAll(Path chart, String chartName, boolean named, Path source)
      throws SplConfig.Invalid {
    HelmCharts.RenderFailure firstFailure = null;
    Map<Path, Set<String>> seenTexts = new HashMap<>(); // per template, the texts linted
    int rendered = 0;
    boolean anyObjects = false;
    List<Rendering> all = renderings(chart);
    List<HelmCharts.Renderer.Result> results =
        renderer
            .get()
            .renderEach(
                source,
                releaseName(chart),
                helm.kubeVersion(),
                all.stream()
                    .map(r -> new HelmCharts.Renderer.Values(r.valuesFiles(), r.sets()))
                    .toList());
    takeRenderLog(chartName);
    for (int i = 0; i < all.size(); i++) {
      Rendering r = all.get(i);
      String text = results.get(i).text();
      if (results.get(i).failure() != null) {
        HelmCharts.RenderFailure e = results.get(i).failure();
        if (firstFailure == null) {
          firstFailure = e;
        }
        renderLog.add(
            "helm template "
                + chartName
                + (r.label() == null ? "" : " -f " + r.label())
                + ": "
                + e.getMessage());
        continue;
      }
      rendered++;
      if (text.isBlank()) {
        continue;
      }
      anyObjects = true;
      Unit unit = Unit.chart(r.label() == null ? chartName : chartName + " -f " + r.label());
      for (Map.Entry<Path, String> t : HelmCharts.byTemplate(chart, text).entrySet()) {
        if (!seenTexts
            .computeIfAbsent(t.getKey(), k -> new java.util.HashSet<>())
            .add(t.getValue())) {
          // an earlier rendering made this template's text as it is: its objects are linted
          // already, and the copy would only repeat their findings (the cross-resource rules still
          // reach them by name, as each is defined once)
          continue;
        }
        String shown = display(t.getKey());
        // Each rendering's text is its own, so it gets its own name until its findings are
        // mapped back to the template, where renderings' equal findings become one.
        String name = r.label() == null ? shown : shown + " [with " + r.label() + "]";
        renderedFrom.put(shown, "helm template " + chartName);
        chartPositions.add(name, shown, r.label(), valuesRead(chart, r), t.getKey(), t.getValue());
        LoadedInput part = withoutOthersProblems(lenient.loadText(name, t.getValue()), false);
        files++;
        documents += part.documents();
        run.accept(part, versionFor(t.getKey()), Set.of(unit), crdsFor(t.getKey()));
        progress.accept(part);
      }
    }
    for (String values : chartPositions.valuesFileNames()) {
      renderedFrom.putIfAbsent(values, "helm template " + chartName);
    }
    if (rendered > 0) {
      renderings.add(rendered);
      if (!anyObjects) {
        skipped.add(chartName + " (Helm chart that renders no object with these values)");
      }
      return;
    }
    String reason = firstFailure.getMessage();
    if (helm.valuesFiles().isEmpty() && helm.sets().isEmpty() && HelmCharts.valuesMissing(chart)) {
      // A chart whose build writes its values.yaml (from values.tmpl.yaml, say): not renderable
      // as committed, by helm template either.
      notRendered(
          chart,
          named,
          null,
          "it has no values.yaml and Helm cannot render it without one (" + reason + ")",
          "pass the values it is deployed with (--helm-values FILE), or add a ci/*-values.yaml");
      return;
    }
    notRendered(
        chart,
        named,
        HelmCharts.locate(chart, reason)
            .map(l -> new SourcePosition(display(l.file()), l.line(), l.column()))
            .orElse(null),
        "Helm stops: " + reason,
        "pass the values it is deployed with (--helm-values, --helm-set, or a ci/*-values.yaml"
            + " in the chart), or fix the template; `helm template "
            + chartName
            + "` shows the same error");
  }

  /**
   * A chart that could not be rendered: an SPL004 finding at {@code at} (its Chart.yaml when null)
   * saying why and what fixes it, counted in the summary; a chart named on the command line is also
   * an input error, as an unreadable file named there is.
   */
  private void notRendered(Path chart, boolean named, SourcePosition at, String reason, String fix)
      throws SplConfig.Invalid {
    String chartName = chartName(chart);
    SourcePosition where =
        at != null ? at : new SourcePosition(display(chart.resolve("Chart.yaml")), 1, 1);
    LoadedInput failure =
        new LoadedInput(
            List.of(),
            List.of(
                LoadProblem.notRendered(
                    where, "Helm chart " + chartName + " not rendered: " + reason + "; " + fix)),
            List.of(),
            1,
            1);
    files++;
    run.accept(failure, versionFor(chart.resolve("Chart.yaml")), Set.of(Unit.chart(chartName)));
    notRenderedCharts.add(chartName + " (" + reason + ")");
    if (named) {
      inputErrors.add(chartName + ": Helm chart not rendered: " + reason + "; " + fix);
    }
  }

  private void takeRenderLog(String chartName) {
    renderer
        .get()
        .takeLog()
        .forEach(line -> renderLog.add("helm template " + chartName + ": " + line));
  }

  /** The object of {@code resources} a problem was met in, or null (a document that is none). */
  private static Resource objectOf(LoadProblem p, List<Resource> resources) {
    for (Resource r : resources) {
      if (r.ref().equals(p.resource())) {
        return r;
      }
    }
    return null;
  }

  /**
   * True unless the problem is in an object that writes nothing about sessions (a duplicate key in
   * a route with no session persistence is no session problem), or at a key of its own {@code
   * metadata.labels} (a label written twice in a golden file: no session rule reads them).
   */
  private static boolean isAboutSessions(LoadProblem p, List<Resource> resources) {
    Resource r = objectOf(p, resources);
    if (r == null) {
      return true;
    }
    MapNode metadata = r.root().map("metadata");
    MapNode labels = metadata == null ? null : metadata.map("labels");
    boolean inLabels =
        labels != null
            && labels.entries().stream().anyMatch(e -> e.keyPosition().equals(p.position()));
    return !inLabels && dev.spl.load.SessionWords.writtenIn(r.root());
  }

  /**
   * {@code part} without the problems of objects unrelated to session persistence (a duplicate
   * label in a Deployment, a broken object of a kind spl does not read): in a walk those belong to
   * kubeconform and kube-linter. In test data, an object without apiVersion is a test's fragment
   * and is skipped (in examples and docs it is a copy-paste slip, still SPL002). A file named on
   * the command line keeps them all.
   */
  LoadedInput withoutOthersProblems(LoadedInput part, boolean testFixture) {
    List<LoadProblem> ours = new ArrayList<>();
    for (LoadProblem p : part.problems()) {
      if (p.resource() == null) {
        ours.add(p);
      } else if (testFixture && p.resource().apiVersion().isEmpty()) {
        // a test's input fragment (a merge function's patch), not an object anyone applies
        skipped.add(
            p.position().file()
                + " ("
                + p.resource().kind()
                + " without apiVersion in test data: a fragment, not an object)");
      } else if (dev.spl.catalogue.BuiltInRules.isAboutSessions(
              p.resource().apiVersion().isEmpty() ? null : p.resource().group(),
              p.resource().kind())
          && isAboutSessions(p, part.resources())) {
        ours.add(p);
      }
    }
    return ours.size() == part.problems().size()
        ? part
        : new LoadedInput(
            part.resources(),
            ours,
            part.inputErrors(),
            part.files(),
            part.documents(),
            part.skipped());
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

  /** A chart as the user would name it: {@code .} for the working directory itself. */
  private static String chartName(Path chart) {
    String shown = display(chart);
    return shown.isEmpty() ? "." : shown;
  }

  /**
   * The release a chart is rendered as: its directory's name, as a release is usually named after
   * its chart (an Argo CD Application names it so unless told otherwise).
   */
  private static String releaseName(Path chart) {
    Path name = chart.toAbsolutePath().normalize().getFileName();
    String release = name == null ? "release" : name.toString().toLowerCase(java.util.Locale.ROOT);
    release = release.replaceAll("[^a-z0-9-]", "-").replaceAll("^-+|-+$", "");
    return release.isEmpty()
        ? "release"
        : release.length() > 53 ? release.substring(0, 53) : release;
  }

  /** The version for {@code file}, by {@link VersionChooser}'s order. */
  private GatewayApiVersion versionFor(Path file) throws SplConfig.Invalid {
    SplConfig cfg = flagVersion != null ? null : configs.forFile(file);
    VersionChooser.Named config =
        cfg == null || cfg.gatewayApiVersion() == null
            ? null
            : new VersionChooser.Named(cfg.gatewayApiVersion(), display(cfg.file()));
    // The input's CRDs are read only when nothing before them in the order names a version.
    return chosen(
        file,
        flagVersion != null || config != null ? null : crdVersion().map(this::named).orElse(null),
        config);
  }

  private VersionChooser.Named named(CrdVersion crds) {
    return new VersionChooser.Named(crds.version(), "Gateway API CRDs in " + crds.file());
  }

  /** Chooses, counts the choice for the summary and notes whether the version was named. */
  private GatewayApiVersion chosen(
      Path file, VersionChooser.Named crds, VersionChooser.Named config) {
    VersionChooser.Choice c =
        VersionChooser.choose(
            flagVersion == null
                ? null
                : new VersionChooser.Named(flagVersion, "--gateway-api-version"),
            config,
            crds,
            "no .spl.yaml or Gateway API CRDs in the input name one");
    if (c.named()) {
      namedVersion.add(display(file));
    }
    return count(c.version(), c.reason());
  }

  /**
   * True when the version {@code file} was linted for was named - by the flag, a .spl.yaml or the
   * Gateway API CRDs in the input - rather than taken by default: a fix that depends on which shape
   * is meant ({@code Fix.ifVersionNamed}) holds only then.
   */
  boolean versionNamed(String file) {
    return namedVersion.contains(file);
  }

  private GatewayApiVersion count(GatewayApiVersion v, String reason) {
    versions.computeIfAbsent(v + " " + reason, k -> new VersionCount(v, reason)).files++;
    return v;
  }

  /**
   * The version of the Gateway API CRDs in the input, from their bundle-version annotation. When
   * the input holds several sets (a vendored bundle and a test fixture of two CRDs), the one a
   * cluster would install wins: outside examples and test data first, then the most complete set
   * (CRDs of one version in one directory), then the first found. Only files that mention the
   * annotation are parsed, each once; the choice is made when the first file needs a version, over
   * every file given (with --context the whole repository is read first, so staged files get the
   * version of the CRDs it vendors).
   */
  private Optional<CrdVersion> crdVersion() {
    if (crdVersion.isPresent() || crdCandidatesSearched >= crdCandidates.size()) {
      return crdVersion;
    }
    byte[] needle = GatewayApiCrd.BUNDLE_VERSION.getBytes(StandardCharsets.UTF_8);
    Map<String, CrdSet> sets = new LinkedHashMap<>();
    while (crdCandidatesSearched < crdCandidates.size()) {
      Path f = crdCandidates.get(crdCandidatesSearched++);
      try {
        if (indexOf(Files.readAllBytes(f), needle) < 0) {
          continue;
        }
      } catch (IOException e) {
        continue; // reported when the file itself is read
      }
      List<GatewayApiCrd> crds =
          gatewayApiCrds(lenient.loadFile(f, f.toString(), false).resources());
      Path dir = f.toAbsolutePath().normalize().getParent();
      if (!crds.isEmpty()) {
        crdsByDirectory.computeIfAbsent(dir, d -> new ArrayList<>()).addAll(crds);
        sightByDirectory.remove(dir);
      }
      for (CrdVersion found : crdVersionsIn(crds, display(f))) {
        String key = dir + " " + found.version();
        sets.computeIfAbsent(key, k -> new CrdSet(found, dir, Units.isTestData(f), sets.size()))
            .crds++;
      }
    }
    crdVersion =
        sets.values().stream()
            .min(
                java.util.Comparator.comparing((CrdSet c) -> c.testData)
                    .thenComparing(c -> -c.crds)
                    .thenComparing(c -> c.order))
            .map(
                c -> {
                  chosenCrdDirectory = c.testData ? null : c.dir;
                  return c.first;
                });
    return crdVersion;
  }

  /**
   * The Gateway API CRDs that speak for {@code file}: those of its directory or the nearest above
   * it, else the set chosen for the input's version unless that is test data (a fixture's CRDs
   * speak only for their own directory). Null when none do.
   */
  private CrdsInSight crdsFor(Path file) {
    crdVersion();
    if (crdsByDirectory.isEmpty()) {
      return null;
    }
    Path abs = file.toAbsolutePath().normalize();
    for (Path dir = abs.getParent(); dir != null; dir = dir.getParent()) {
      if (crdsByDirectory.containsKey(dir)) {
        return sightOf(dir);
      }
    }
    return chosenCrdDirectory == null ? null : sightOf(chosenCrdDirectory);
  }

  private CrdsInSight sightOf(Path dir) {
    return sightByDirectory.computeIfAbsent(dir, d -> new CrdsInSight(crdsByDirectory.get(d)));
  }

  /** The Gateway API CRDs of one version in one directory: a candidate for the input's version. */
  private static final class CrdSet {
    final CrdVersion first;
    final Path dir;
    final boolean testData;
    final int order;
    int crds;

    CrdSet(CrdVersion first, Path dir, boolean testData, int order) {
      this.first = first;
      this.dir = dir;
      this.testData = testData;
      this.order = order;
    }
  }

  private static Optional<CrdVersion> crdVersionIn(List<Resource> resources, String file) {
    List<CrdVersion> all = crdVersionsIn(gatewayApiCrds(resources), file);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
  }

  /** The Gateway API CRDs among a part's objects, each read once. */
  private static List<GatewayApiCrd> gatewayApiCrds(List<Resource> resources) {
    return resources.stream().flatMap(r -> GatewayApiCrd.of(r).stream()).toList();
  }

  /** One entry per CRD of {@code crds} whose version is known (its bundle's, or its schema's). */
  private static List<CrdVersion> crdVersionsIn(List<GatewayApiCrd> crds, String file) {
    List<CrdVersion> out = new ArrayList<>();
    for (GatewayApiCrd crd : crds) {
      crd.version()
          .ifPresent(v -> out.add(new CrdVersion(v, file + " (" + crd.versionReason() + ")")));
    }
    return out;
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** A path as the user would write it: relative to the working directory when near it. */
  static String display(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = p.toAbsolutePath().normalize();
    Path relative = cwd.relativize(abs);
    // ../examples reads well; ../../tmp/x does not.
    return relative.startsWith("../..") ? abs.toString() : relative.toString();
  }

  /**
   * {@code findings} as the user's files write them: positions in charts' rendered output mapped to
   * their templates, and a finding that two kustomize builds' copies of one file both make reported
   * once.
   */
  List<dev.spl.model.Finding> inTemplates(List<dev.spl.model.Finding> findings) {
    List<dev.spl.model.Finding> mapped = chartPositions.map(findings);
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

  List<String> inputErrors() {
    return inputErrors;
  }

  /** The version the file findings name as {@code file} was linted for, or null. */
  GatewayApiVersion versionOf(String file) {
    return versionByFile.get(file);
  }

  /** What standard input held, or null when it was not read. */
  String stdinText() {
    return stdinText;
  }

  int files() {
    return files;
  }

  int documents() {
    return documents;
  }

  /** What the summary says of the input: versions and why, skipped files, renderings. */
  InputNotes notes() {
    List<InputNotes.VersionChoice> used = new ArrayList<>();
    for (VersionCount c : versions.values()) {
      if (c.files > 0) {
        used.add(new InputNotes.VersionChoice(c.version, c.reason, c.files));
      }
    }
    List<String> skippedAll = new ArrayList<>(skipped);
    ignoredByGit.forEach(p -> skippedAll.add(p + " (ignored by git; --include-ignored walks it)"));
    return new InputNotes(
        List.copyOf(used),
        List.copyOf(new LinkedHashSet<>(skippedAll)),
        Map.copyOf(renderedFrom),
        List.copyOf(renderLog),
        List.copyOf(notRenderedCharts),
        new InputNotes.Renderings(
            renderings.size(), renderings.stream().mapToInt(Integer::intValue).sum()),
        List.of());
  }
}
