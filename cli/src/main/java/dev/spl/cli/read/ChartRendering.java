package dev.spl.cli.read;

import dev.spl.PartSink;
import dev.spl.config.SplConfig;
import dev.spl.index.Unit;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The Helm charts of an input, each rendered as a release (with the user's values, or with its
 * defaults and each of its own {@code ci/*-values.yaml}) and its output linted in the chart's unit;
 * a chart that cannot be rendered is an SPL004 finding that says why and what fixes it. Positions
 * in rendered output are mapped back to the templates and values files that wrote them.
 */
public final class ChartRendering {
  /** --helm-values, --helm-set and --kube-version, applied to every chart rendered. */
  /**
   * @param offline true when charts' dependencies may not be fetched from chart repositories
   */
  public record HelmOptions(
      List<Path> valuesFiles, List<String> sets, String kubeVersion, boolean offline) {
    public HelmOptions(List<Path> valuesFiles, List<String> sets, String kubeVersion) {
      this(valuesFiles, sets, kubeVersion, false);
    }
  }

  private ChartFetcher fetcher; // made when a dependency is first fetched: one index per run

  private final PartSink run;
  private final InputVersions versions;
  private final HelmOptions helm;
  private final Consumer<LoadedInput> progress;
  private final Consumer<String> warn;
  private final Consumer<String> skipped;
  private final Consumer<String> inputErrors;
  private final ManifestLoader lenient = ManifestLoader.lenient();

  private final List<String> renderLog = new ArrayList<>();
  private final Map<String, String> renderedFrom = new TreeMap<>();
  private final ChartPositions chartPositions = new ChartPositions();
  private final ChartDependencies.TreeCharts treeCharts = new ChartDependencies.TreeCharts();
  private final Set<Path> namedCharts = new HashSet<>(); // absolute, normalized
  private final List<String> notRenderedCharts = new ArrayList<>();
  private final List<Integer> renderings = new ArrayList<>(); // per chart rendered: how many times
  private Optional<HelmCharts.Renderer> renderer; // looked up when the first chart is found
  private int files;
  private int documents;

  /**
   * @param skipped told what is left out, for --verbose
   * @param inputErrors told of a chart named on the command line that is not rendered
   */
  ChartRendering(
      PartSink run,
      InputVersions versions,
      HelmOptions helm,
      Consumer<LoadedInput> progress,
      Consumer<String> warn,
      Consumer<String> skipped,
      Consumer<String> inputErrors) {
    this.run = run;
    this.versions = versions;
    this.helm = helm;
    this.progress = progress;
    this.warn = warn;
    this.skipped = skipped;
    this.inputErrors = inputErrors;
  }

  /**
   * A chart found in the tree ({@code chartYaml}: its Chart.yaml): a dependency others may take.
   */
  void found(Path chartYaml) {
    treeCharts.add(chartYaml);
  }

  /**
   * A chart named on the command line (not only found in a walk): not rendering it is an input
   * error. The charts beside it are indexed: a chart collection keeps the library chart its charts
   * depend on in the same directory.
   */
  void named(Path chart) {
    namedCharts.add(chart.toAbsolutePath().normalize());
    Path parent = chart.toAbsolutePath().normalize().getParent();
    if (parent == null) {
      return;
    }
    try (var entries = Files.list(parent)) {
      entries.map(d -> d.resolve("Chart.yaml")).filter(Files::isRegularFile).forEach(this::found);
    } catch (IOException | RuntimeException e) {
      // nothing beside it to index
    }
  }

  boolean isNamed(Path chart) {
    return namedCharts.contains(chart.toAbsolutePath().normalize());
  }

  /** What fetches charts from chart repositories, or null under --offline. */
  ChartFetcher fetcher() {
    if (helm.offline()) {
      return null;
    }
    if (fetcher == null) {
      fetcher = ChartFetcher.intoHelmCache();
    }
    return fetcher;
  }

  /** The charts of the tree, by name: where a dependency may be found. */
  ChartDependencies.TreeCharts treeCharts() {
    return treeCharts;
  }

  /** Helm, when there is one here. */
  Optional<HelmCharts.Renderer> helm() {
    if (renderer == null) {
      renderer = HelmCharts.renderer();
    }
    return renderer;
  }

  String kubeVersion() {
    return helm.kubeVersion();
  }

  /** How many charts could not be rendered so far. */
  int notRenderedCount() {
    return notRenderedCharts.size();
  }

  int files() {
    return files;
  }

  int documents() {
    return documents;
  }

  /** Findings in rendered output, at the templates (and values files) that wrote them. */
  List<Finding> inTemplates(List<Finding> findings) {
    return chartPositions.map(findings);
  }

  /** Rendered file name -> the command that rendered it. */
  Map<String, String> renderedFrom() {
    return Map.copyOf(renderedFrom);
  }

  /** What Helm said while rendering, per chart. */
  List<String> renderLog() {
    return List.copyOf(renderLog);
  }

  /** The charts not rendered, each with the reason. */
  List<String> notRendered() {
    return List.copyOf(notRenderedCharts);
  }

  /** Charts rendered, and renderings made in all. */
  dev.spl.InputNotes.Renderings renderings() {
    return new dev.spl.InputNotes.Renderings(
        renderings.size(), renderings.stream().mapToInt(Integer::intValue).sum());
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
      return valuesFile == null ? null : DisplayPath.of(valuesFile);
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

  /** Renders {@code chart} once per rendering and lints each, or says why it could not. */
  void render(Path chart) throws SplConfig.Invalid {
    String chartName = chartName(chart);
    boolean named = isNamed(chart);
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
      skipped.accept(chartName + " (" + library.get() + ")");
      return;
    }
    ChartDependencies.Resolution deps =
        ChartDependencies.resolve(chart, treeCharts, ChartDependencies.helmCaches());
    List<String> notFetched = new ArrayList<>();
    if (!deps.complete() && !helm.offline()) {
      deps = fetchMissing(chart, chartName, deps, notFetched);
    }
    if (!deps.complete() && !notFetched.isEmpty()) {
      notRendered(
          chart,
          named,
          null,
          String.join("; ", notFetched),
          "check the repository and the network, or vendor the dependency (`helm dependency"
              + " build "
              + chartName
              + "` where it can be fetched) and lint again");
      return;
    }
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
          "run `helm dependency build "
              + chartName
              + "` (it fetches them) and lint again"
              + (helm.offline() ? "; --offline: spl fetched nothing" : ""));
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

  /**
   * {@code deps} with each missing dependency that a chart repository serves fetched into Helm's
   * cache ({@link ChartFetcher}); what could not be fetched goes to {@code notFetched}, in words.
   */
  private ChartDependencies.Resolution fetchMissing(
      Path chart, String chartName, ChartDependencies.Resolution deps, List<String> notFetched) {
    if (fetcher == null) {
      fetcher = ChartFetcher.intoHelmCache();
    }
    Map<String, String> locked = ChartDependencies.locked(chart);
    List<ChartDependencies.Found> found = new ArrayList<>(deps.found());
    List<ChartDependencies.Dependency> missing = new ArrayList<>();
    for (ChartDependencies.Dependency d : deps.missing()) {
      ChartFetcher.Fetched f = fetcher.fetch(d, locked.get(d.name()));
      if (f.tgz() != null) {
        found.add(
            new ChartDependencies.Found(
                d, f.tgz(), d.repository() + " (" + d.name() + " " + f.version() + ")"));
        renderLog.add(
            "helm template "
                + chartName
                + ": dependency "
                + d.name()
                + " "
                + f.version()
                + " fetched from "
                + d.repository()
                + " into "
                + fetcher.cache());
      } else {
        missing.add(d);
        notFetched.add("its dependency " + d.name() + " was not fetched: " + f.problem());
      }
    }
    return new ChartDependencies.Resolution(found, missing);
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
        String shown = DisplayPath.of(t.getKey());
        // Each rendering's text is its own, so it gets its own name until its findings are
        // mapped back to the template, where renderings' equal findings become one.
        String name = r.label() == null ? shown : shown + " [with " + r.label() + "]";
        renderedFrom.put(shown, "helm template " + chartName);
        chartPositions.add(name, shown, r.label(), valuesRead(chart, r), t.getKey(), t.getValue());
        LoadedInput part =
            OthersProblems.without(lenient.loadText(name, t.getValue()), false, skipped);
        files++;
        documents += part.documents();
        run.accept(
            part, versions.versionFor(t.getKey()), Set.of(unit), versions.crdsFor(t.getKey()));
        progress.accept(part);
      }
    }
    for (String values : chartPositions.valuesFileNames()) {
      renderedFrom.putIfAbsent(values, "helm template " + chartName);
    }
    if (rendered > 0) {
      renderings.add(rendered);
      if (!anyObjects) {
        skipped.accept(chartName + " (Helm chart that renders no object with these values)");
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
    Optional<HelmCharts.TemplateLocation> location = HelmCharts.locate(chart, reason);
    Optional<String> asked = location.flatMap(ChartRendering::askedValue);
    notRendered(
        chart,
        named,
        location
            .map(l -> new SourcePosition(DisplayPath.of(l.file()), l.line(), l.column()))
            .orElse(null),
        "Helm stops: " + reason,
        asked.isPresent()
            ? "pass the value it asks for: --helm-set "
                + asked.get()
                + "=VALUE (or in --helm-values FILE, or a ci/*-values.yaml in the chart)"
            : "pass the values it is deployed with (--helm-values, --helm-set, or a"
                + " ci/*-values.yaml in the chart), or fix the template; `helm template "
                + chartName
                + "` shows the same error");
  }

  // `required "..." .Values.a.b`, or a `fail` beside the one value its line reads
  private static final java.util.regex.Pattern REQUIRED =
      java.util.regex.Pattern.compile(
          "required\\s+\"(?:[^\"\\\\]|\\\\.)*\"\\s+\\(?\\s*\\.Values\\.([A-Za-z0-9_.]+)");
  private static final java.util.regex.Pattern VALUE =
      java.util.regex.Pattern.compile("\\.Values\\.([A-Za-z0-9_.]+)");

  /**
   * The value a template's {@code required} or {@code fail} at {@code at} asks for: the one {@code
   * required} names, else the one value its line reads; empty when the line does not say.
   */
  static Optional<String> askedValue(HelmCharts.TemplateLocation at) {
    String line;
    try (java.util.stream.Stream<String> lines = Files.lines(at.file())) {
      line = lines.skip(Math.max(0, at.line() - 1)).findFirst().orElse("");
    } catch (java.io.IOException | RuntimeException e) {
      return Optional.empty();
    }
    java.util.regex.Matcher required = REQUIRED.matcher(line);
    if (required.find()) {
      return Optional.of(required.group(1));
    }
    java.util.Set<String> read = new java.util.LinkedHashSet<>();
    java.util.regex.Matcher m = VALUE.matcher(line);
    while (m.find()) {
      read.add(m.group(1));
    }
    return line.contains("fail") && read.size() == 1
        ? Optional.of(read.iterator().next())
        : Optional.empty();
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
        at != null ? at : new SourcePosition(DisplayPath.of(chart.resolve("Chart.yaml")), 1, 1);
    LoadedInput failure =
        new LoadedInput(
            List.of(),
            List.of(LoadProblem.notRendered(where, chartName, reason, fix)),
            List.of(),
            1,
            1);
    files++;
    run.accept(
        failure, versions.versionFor(chart.resolve("Chart.yaml")), Set.of(Unit.chart(chartName)));
    notRenderedCharts.add(chartName + " (" + reason + ")");
    if (named) {
      inputErrors.accept(chartName + ": Helm chart not rendered: " + reason + "; " + fix);
    }
  }

  private void takeRenderLog(String chartName) {
    renderer
        .get()
        .takeLog()
        .forEach(line -> renderLog.add("helm template " + chartName + ": " + line));
  }

  /** A chart as the user would name it: {@code .} for the working directory itself. */
  private static String chartName(Path chart) {
    String shown = DisplayPath.of(chart);
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
}
