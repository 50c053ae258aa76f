package dev.spl.cli.read;

import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The Helm releases a repository's GitOps objects declare, rendered as their controllers render
 * them, and linted as what they deploy:
 *
 * <ul>
 *   <li>a Flux HelmRelease, as helm-controller renders it: the chart from the HelmRepository its
 *       {@code sourceRef} names (fetched into Helm's cache, {@link ChartFetcher}) or from a path of
 *       this repository ({@code GitRepository}); its values merged as Flux merges them, each {@code
 *       valuesFrom} ConfigMap in order (those in the repository, kustomize-generated ones
 *       included), then {@code spec.values}; the release named as Flux names it ({@code
 *       releaseName}, else {@code [targetNamespace-]name});
 *   <li>an Argo CD Application whose source is a Helm chart, as the repo server renders it: a chart
 *       path of this repository or a chart from a Helm repository ({@code chart} and {@code
 *       targetRevision}); {@code helm.valueFiles} (relative to the chart, or {@code $ref/...} of
 *       another source of this repository), then {@code values}/{@code valuesObject}, then {@code
 *       parameters}; the release {@code helm.releaseName}, else the Application's name; objects in
 *       {@code destination.namespace}.
 * </ul>
 *
 * Findings in what a release renders land where its values are written: the value (the same key,
 * else the one value of that text) in the object's own values or its values files, else the key
 * that passes them. What cannot be rendered so is an SPL006 at the object.
 */
public final class ChartReleases {
  private final List<Resource> releases = new ArrayList<>();
  private final List<Resource> applications = new ArrayList<>();
  private final Map<String, Resource> repositories = new HashMap<>(); // "namespace/name"
  private final Map<String, Resource> ociRepositories = new HashMap<>(); // "namespace/name"
  private final Map<String, Resource> configMaps = new HashMap<>(); // "namespace/name"
  private final Map<String, Resource> secrets = new HashMap<>(); // "namespace/name"
  // what --verbose shows of releases rendered: values spl could not read, and why that is fine
  private final List<String> log = new ArrayList<>();
  // per rendered name, the release it came from, and where its values are written
  private final Map<String, Resource> renderedFrom = new HashMap<>();
  private final Map<String, List<Node>> valuesWritten = new HashMap<>();
  // per rendered name, its objects: a finding's value is read from them
  private final Map<String, List<Resource>> renderedObjects = new HashMap<>();
  private KustomizeTool kustomize; // applies Flux's postRenderers

  /** Takes note of the Flux objects and ConfigMaps in {@code part}. */
  void note(LoadedInput part) {
    for (Resource r : part.resources()) {
      String key = r.namespace() + "/" + r.name();
      if (r.group().equals(Deployments.FLUX_HELM) && r.kind().equals("HelmRelease")) {
        addOnce(releases, r);
      } else if (r.group().equals(Deployments.ARGO_CD) && r.kind().equals("Application")) {
        addOnce(applications, r);
      } else if (r.group().equals("source.toolkit.fluxcd.io")
          && r.kind().equals("HelmRepository")) {
        repositories.put(key, r);
      } else if (r.group().equals("source.toolkit.fluxcd.io") && r.kind().equals("OCIRepository")) {
        ociRepositories.put(key, r);
      } else if (r.group().isEmpty() && r.kind().equals("ConfigMap")) {
        configMaps.putIfAbsent(key, r);
      } else if (r.group().isEmpty() && r.kind().equals("Secret")) {
        secrets.putIfAbsent(key, r);
      }
    }
  }

  /**
   * Adds {@code r} unless the same object, written at the same place, is there already: a base that
   * two overlays build holds one release, unless an overlay changes what it renders (its name,
   * namespace or spec; labels and annotations an overlay adds render nothing).
   */
  private static void addOnce(List<Resource> noted, Resource r) {
    for (Resource other : noted) {
      if (other.position().equals(r.position())
          && other.ref().equals(r.ref())
          && java.util.Objects.equals(plain(other.spec()), plain(r.spec()))) {
        return;
      }
    }
    noted.add(r);
  }

  private static Object plain(MapNode node) {
    return node == null ? null : node.toPlain();
  }

  /** What --verbose shows of the releases rendered (values sources read without a finding). */
  List<String> log() {
    return List.copyOf(log);
  }

  /** A ConfigMap of the repository (or of a build of it), by namespace and name. */
  Optional<Resource> configMap(String namespace, String name) {
    return Optional.ofNullable(configMaps.get(namespace + "/" + name));
  }

  /** One release to lint: its objects, or the SPL006 saying why there are none. */
  record Rendered(Resource release, LoadedInput part) {}

  /** True when no HelmRelease or Argo CD Helm source waits to be rendered. */
  boolean isEmpty() {
    return releases.isEmpty() && applications.isEmpty();
  }

  /**
   * Renders each release noted. {@code fetcher} fetches charts ({@code null}: --offline); {@code
   * renderer} is Helm.
   */
  List<Rendered> renderAll(
      KustomizeTool kustomize,
      ChartDependencies.TreeCharts tree,
      ChartFetcher fetcher,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      java.util.function.Function<Resource, Path> repositoryRoot) {
    this.kustomize = kustomize;
    List<Rendered> out = new ArrayList<>();
    for (Resource hr : releases) {
      out.add(render(hr, fetcher, renderer, kubeVersion, repositoryRoot, tree));
    }
    for (Resource app : applications) {
      out.addAll(renderApplication(app, fetcher, renderer, kubeVersion, repositoryRoot, tree));
    }
    releases.clear();
    applications.clear();
    return out;
  }

  /** What to render: a chart, as a release, with values from files, a tree and --set pairs. */
  private record Release(
      Resource owner,
      Path chart,
      String release,
      String namespace,
      List<Path> valuesFiles,
      Map<String, Object> values,
      List<String> sets,
      List<Node> written,
      List<LoadProblem> partial) {}

  /**
   * True for a source of an Argo CD Application that is a Helm chart: a chart from a Helm
   * repository, or a path of this repository that holds Chart.yaml.
   */
  static boolean isHelmSource(MapNode source, Path repositoryRoot) {
    if (source.has("plugin")) {
      return false; // a config management plugin renders it, not Helm
    }
    if (source.string("chart") != null) {
      return true;
    }
    String path = source.string("path");
    return path != null && Files.isRegularFile(repositoryRoot.resolve(path).resolve("Chart.yaml"));
  }

  private List<Rendered> renderApplication(
      Resource app,
      ChartFetcher fetcher,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      java.util.function.Function<Resource, Path> repositoryRoot,
      ChartDependencies.TreeCharts tree) {
    MapNode spec = app.spec();
    if (spec == null) {
      return List.of();
    }
    Path root = repositoryRoot.apply(app);
    List<MapNode> sources = Deployments.sources(app);
    Map<String, Path> refs = new HashMap<>(); // $ref -> the root of that source (this repository)
    for (MapNode source : sources) {
      if (source.string("ref") != null) {
        refs.put(source.string("ref"), root);
      }
    }
    MapNode destination = spec.map("destination");
    String namespace =
        destination != null && destination.string("namespace") != null
            ? destination.string("namespace")
            : app.namespace();
    List<Rendered> out = new ArrayList<>();
    for (MapNode source : sources) {
      if (!isHelmSource(source, root)) {
        continue;
      }
      SourcePosition at = source.position();
      Path chart;
      if (source.string("chart") != null) {
        String url = source.string("repoURL");
        if (fetcher == null) {
          out.add(
              unbuilt(
                  app,
                  at,
                  "--offline: its chart " + source.string("chart") + " is not fetched",
                  "lint online"));
          continue;
        }
        if (url != null && url.startsWith("oci://") || url != null && !url.contains("://")) {
          url = url.contains("://") ? url : "oci://" + url;
        }
        ChartFetcher.Fetched f =
            fetcher.fetch(
                new ChartDependencies.Dependency(
                    source.string("chart"), source.string("targetRevision"), url),
                null);
        if (f.tgz() == null) {
          out.add(
              unbuilt(
                  app, at, "its chart was not fetched: " + f.problem(), "check the repository"));
          continue;
        }
        chart = f.tgz();
      } else {
        chart = root.resolve(source.string("path")).normalize();
        if (!ChartDependencies.resolve(chart, tree, ChartDependencies.helmCaches()).complete()) {
          continue; // the chart itself is not rendered for want of them: its SPL004 says so
        }
      }
      MapNode helm = source.map("helm");
      List<Path> files = new ArrayList<>();
      List<Node> written = new ArrayList<>();
      Map<String, Object> values = new LinkedHashMap<>();
      List<String> sets = new ArrayList<>();
      String release = app.name();
      if (helm != null) {
        if (helm.get("valueFiles") instanceof ListNode list) {
          for (Node n : list.items()) {
            if (!(n instanceof ScalarNode s && s.value() instanceof String file)) {
              continue;
            }
            Path f;
            if (file.startsWith("$")) {
              int slash = file.indexOf('/');
              Path base = slash < 0 ? null : refs.get(file.substring(1, slash));
              f = base == null ? null : base.resolve(file.substring(slash + 1)).normalize();
            } else {
              f = Files.isDirectory(chart) ? chart.resolve(file).normalize() : null;
            }
            if (f == null || !Files.isRegularFile(f)) {
              if (!Boolean.TRUE.equals(
                  helm.get("ignoreMissingValueFiles") instanceof ScalarNode b ? b.value() : null)) {
                out.add(
                    unbuilt(
                        app,
                        s.position(),
                        "its values file " + file + " is not in this repository",
                        "add it, or set helm.ignoreMissingValueFiles"));
              }
              continue;
            }
            files.add(f);
            written.addAll(writtenIn(f));
          }
        }
        if (helm.get("values") instanceof ScalarNode s && s.value() instanceof String text) {
          Object doc = new Load(LoadSettings.builder().build()).loadFromString(text);
          if (doc instanceof Map<?, ?> m) {
            merge(values, m);
          }
        }
        if (helm.map("valuesObject") != null) {
          merge(values, (Map<?, ?>) helm.map("valuesObject").toPlain());
          written.add(helm.map("valuesObject"));
        }
        if (helm.get("parameters") instanceof ListNode params) {
          for (Node n : params.items()) {
            if (n instanceof MapNode p && p.string("name") != null) {
              sets.add(
                  p.string("name")
                      + "="
                      + (p.get("value") == null ? "" : ScalarNode.text(p.get("value"))));
              written.add(p);
            }
          }
        }
        if (helm.string("releaseName") != null) {
          release = helm.string("releaseName");
        }
      }
      if (written.isEmpty() && helm != null) {
        written.add(helm);
      }
      out.add(
          renderRelease(
              new Release(app, chart, release, namespace, files, values, sets, written, List.of()),
              renderer,
              kubeVersion,
              at,
              tree));
    }
    return out;
  }

  /**
   * The documents of a values file, with their positions: where a finding's value is looked for.
   */
  private static List<Node> writtenIn(Path file) {
    try {
      List<Node> out = new ArrayList<>();
      for (dev.spl.load.ParsedDocument d :
          new dev.spl.load.YamlStreamReader(dev.spl.load.LoadLimits.defaults())
              .read(DisplayPath.of(file), Files.readString(file))) {
        if (d.root() != null) {
          out.add(d.root());
        }
      }
      return out;
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private Rendered render(
      Resource hr,
      ChartFetcher fetcher,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      java.util.function.Function<Resource, Path> repositoryRoot,
      ChartDependencies.TreeCharts tree) {
    MapNode spec = hr.spec();
    MapNode chartSpec =
        spec == null || spec.map("chart") == null ? null : spec.map("chart").map("spec");
    Path chart;
    if (spec != null && spec.map("chartRef") != null) {
      Object pulled = chartRef(hr, spec.map("chartRef"), fetcher);
      if (pulled instanceof Rendered notRendered) {
        return notRendered;
      }
      chart = (Path) pulled;
    } else if (chartSpec == null || chartSpec.string("chart") == null) {
      return unbuilt(
          hr,
          "it names no chart",
          "lint its rendering: helm template with its values, piped to spl lint -");
    } else {
      Object found = chartSpec(hr, chartSpec, fetcher, repositoryRoot);
      if (found instanceof Rendered notRendered) {
        return notRendered;
      }
      chart = (Path) found;
    }
    return renderFluxRelease(hr, chart, renderer, kubeVersion, tree);
  }

  /**
   * The chart a HelmRelease's {@code chartRef} names: an OCIRepository's artifact, pulled as
   * source-controller pulls it ({@code ref.digest}, else {@code ref.semver}, else {@code ref.tag},
   * else {@code latest}); a Path, or the SPL006 saying why not.
   */
  private Object chartRef(Resource hr, MapNode ref, ChartFetcher fetcher) {
    SourcePosition at = hr.spec().entry("chartRef").keyPosition();
    String kind = ref.string("kind");
    if (!"OCIRepository".equals(kind)) {
      return unbuilt(
          hr,
          at,
          "spl does not render a chartRef to a " + kind + " yet",
          "lint its rendering: helm template with its values, piped to spl lint -");
    }
    String ns = ref.string("namespace") != null ? ref.string("namespace") : hr.namespace();
    Resource repo = ociRepositories.get(ns + "/" + ref.string("name"));
    MapNode repoSpec = repo == null ? null : repo.spec();
    String url = repoSpec == null ? null : repoSpec.string("url");
    if (url == null) {
      return unbuilt(
          hr,
          at,
          "its OCIRepository " + ns + "/" + ref.string("name") + " is not in the repository",
          "lint the repository that holds it too");
    }
    if (fetcher == null) {
      return unbuilt(hr, at, "--offline: its chart " + url + " is not pulled", "lint online");
    }
    MapNode which = repoSpec.map("ref");
    OciRegistry.Ref pick =
        which != null && which.string("digest") != null
            ? new OciRegistry.Ref(null, null, which.string("digest"))
            : which != null && which.string("semver") != null
                ? new OciRegistry.Ref(null, which.string("semver"), null)
                : new OciRegistry.Ref(
                    which != null && which.string("tag") != null ? which.string("tag") : "latest",
                    null,
                    null);
    String name = url.replaceAll("/+$", "").replaceFirst(".*/", "");
    ChartFetcher.Fetched f = fetcher.pullOci(url, name, pick, isTrue(repoSpec, "insecure"));
    if (f.tgz() == null) {
      return unbuilt(hr, at, "its chart was not pulled: " + f.problem(), "check the OCIRepository");
    }
    return f.tgz();
  }

  private static boolean isTrue(MapNode map, String key) {
    return Deployments.isTrue(map, key);
  }

  /**
   * The chart a HelmRelease's {@code chart.spec} names: from a HelmRepository (an index or an OCI
   * registry) or a path of this repository; a Path, or the SPL006 saying why not.
   */
  private Object chartSpec(
      Resource hr,
      MapNode chartSpec,
      ChartFetcher fetcher,
      java.util.function.Function<Resource, Path> repositoryRoot) {
    MapNode source = chartSpec.map("sourceRef");
    String sourceKind = source == null ? null : source.string("kind");
    String chartName = chartSpec.string("chart");
    Path chart;
    if ("HelmRepository".equals(sourceKind)) {
      String ns = source.string("namespace") != null ? source.string("namespace") : hr.namespace();
      Resource repo = repositories.get(ns + "/" + source.string("name"));
      String url = repo == null || repo.spec() == null ? null : repo.spec().string("url");
      if (url == null) {
        return unbuilt(
            hr,
            "its HelmRepository " + ns + "/" + source.string("name") + " is not in the repository",
            "lint the repository that holds it too");
      }
      if (fetcher == null) {
        return unbuilt(
            hr,
            "--offline: its chart " + chartName + " from " + url + " is not fetched",
            "lint online");
      }
      ChartFetcher.Fetched f =
          url.startsWith("oci://")
              ? fetcher.pullOci(
                  url.replaceAll("/+$", "") + "/" + chartName,
                  chartName,
                  OciRegistry.Ref.forVersion(chartSpec.string("version")),
                  isTrue(repo.spec(), "insecure"))
              : fetcher.fetch(
                  new ChartDependencies.Dependency(chartName, chartSpec.string("version"), url),
                  null);
      if (f.tgz() == null) {
        return unbuilt(hr, "its chart was not fetched: " + f.problem(), "check the repository");
      }
      chart = f.tgz();
    } else if ("GitRepository".equals(sourceKind)) {
      chart = repositoryRoot.apply(hr).resolve(chartName).normalize();
      if (!Files.isRegularFile(chart.resolve("Chart.yaml"))) {
        return unbuilt(
            hr,
            "its chart path " + chartName + " is not a chart of this repository",
            "lint the repository it comes from");
      }
    } else {
      return unbuilt(
          hr,
          "spl does not read charts from a " + sourceKind + " yet",
          "lint its rendering: helm template with its values, piped to spl lint -");
    }
    return chart;
  }

  private Rendered renderFluxRelease(
      Resource hr,
      Path chart,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      ChartDependencies.TreeCharts tree) {
    MapNode spec = hr.spec();
    String targetNamespace = spec.string("targetNamespace");
    String release =
        spec.string("releaseName") != null
            ? spec.string("releaseName")
            : (targetNamespace != null ? targetNamespace + "-" : "") + hr.name();
    FluxValues values = values(hr);
    List<Node> written = new ArrayList<>(values.written());
    if (spec.map("values") != null) {
      written.add(spec.map("values"));
    }
    return renderRelease(
        new Release(
            hr,
            chart,
            release,
            targetNamespace != null ? targetNamespace : hr.namespace(),
            List.of(),
            values.merged(),
            List.of(),
            written,
            values.unread()),
        renderer,
        kubeVersion,
        chartLine(hr),
        tree);
  }

  /** Renders one release and loads what it makes, or says why it could not. */
  private Rendered renderRelease(
      Release r,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      SourcePosition at,
      ChartDependencies.TreeCharts tree) {
    if (renderer.isEmpty()) {
      return unbuilt(r.owner(), at, "no Helm here", "put helm on the PATH");
    }
    Path values = null;
    Path copy = null;
    try {
      Path chart = r.chart();
      if (Files.isDirectory(chart)) {
        ChartDependencies.Resolution deps =
            ChartDependencies.resolve(chart, tree, ChartDependencies.helmCaches());
        if (!deps.found().isEmpty()) {
          copy = HelmCharts.copy(chart, false);
          ChartDependencies.place(copy, deps, tree, ChartDependencies.helmCaches(), 0);
          chart = copy;
        }
      }
      values = Files.createTempFile("spl-release", ".yaml");
      Files.writeString(values, YamlText.of(r.values()));
      List<Path> files = new ArrayList<>(r.valuesFiles());
      files.add(values); // the object's own values win over its files, as in Flux and Argo CD
      HelmCharts.Renderer.Result result =
          renderer
              .get()
              .renderEach(
                  chart,
                  r.release(),
                  kubeVersion,
                  List.of(new HelmCharts.Renderer.Values(files, r.sets())))
              .get(0);
      if (result.failure() != null) {
        return unbuilt(
            r.owner(), at, "Helm stops: " + result.failure().getMessage(), "fix its values");
      }
      String name = r.owner().ref().describe() + " [helm template " + r.release() + "]";
      String text = result.text() == null ? "" : result.text();
      List<Node> written = r.written();
      List<LoadProblem> partial = new ArrayList<>(r.partial());
      if (FluxPostRenderers.any(r.owner())) {
        SourcePosition post = r.owner().spec().entry("postRenderers").keyPosition();
        if (kustomize == null || !kustomize.available()) {
          // linted as rendered, and said: the patches may change what is judged
          partial.add(
              LoadProblem.notBuilt(
                  post,
                  r.owner().ref().describe(),
                  "its postRenderers need kustomize ("
                      + (kustomize == null ? "none here" : kustomize.whyNot())
                      + "), so spl lints the chart's rendering without them",
                  "let spl run kustomize (kubectl on the PATH, no --kustomize none)"));
        } else {
          FluxPostRenderers.Outcome after = FluxPostRenderers.apply(r.owner(), text, kustomize);
          if (after.failure() != null) {
            return unbuilt(r.owner(), post, after.failure(), "fix its postRenderers");
          }
          text = after.text();
          written = new ArrayList<>(written);
          written.addAll(after.written()); // applied last: their values win
        }
      }
      LoadedInput part = withoutOrigins(ManifestLoader.lenient().loadText(name, text));
      part = inNamespace(part, r.namespace());
      if (!partial.isEmpty()) {
        List<LoadProblem> problems = new ArrayList<>(part.problems());
        problems.addAll(partial);
        part =
            new LoadedInput(
                part.resources(),
                problems,
                part.inputErrors(),
                0,
                part.documents(),
                part.skipped());
      }
      renderedFrom.put(name, r.owner());
      renderedObjects.put(name, part.resources());
      valuesWritten.put(name, written);
      return new Rendered(r.owner(), part);
    } catch (IOException e) {
      return unbuilt(
          r.owner(),
          at,
          "cannot write its values: " + e.getMessage(),
          "check the temporary directory");
    } finally {
      if (copy != null) {
        HelmCharts.deleteCopy(copy);
      }
      if (values != null) {
        try {
          Files.deleteIfExists(values);
        } catch (IOException e) {
          // a temporary file left behind
        }
      }
    }
  }

  /**
   * A HelmRelease's values as helm-controller merges them, the nodes they are written in (a values
   * file a configMapGenerator reads, for placing findings), and the sources not read (SPL006: the
   * chart is rendered without them, so what they set is not judged).
   */
  private record FluxValues(
      Map<String, Object> merged, List<Node> written, List<LoadProblem> unread) {}

  /**
   * Flux's values: each valuesFrom ConfigMap or Secret in order (its {@code valuesKey}, else
   * values.yaml; with {@code targetPath}, that one value set at the path as helm --set sets it,
   * quoted text kept a string), then spec.values over them. A source missing and not {@code
   * optional} fails the release in Flux: here it is said, unless it is a Secret, which GitOps
   * repositories keep out of git by design (an ExternalSecret, a sealed or SOPS-encrypted one) and
   * which holds credentials rather than session persistence; --verbose lists those.
   */
  private FluxValues values(Resource hr) {
    Map<String, Object> merged = new LinkedHashMap<>();
    List<Node> written = new ArrayList<>();
    List<LoadProblem> unread = new ArrayList<>();
    MapNode spec = hr.spec();
    if (spec.get("valuesFrom") instanceof ListNode from) {
      for (Node n : from.items()) {
        if (!(n instanceof MapNode ref)) {
          continue;
        }
        String kind = ref.string("kind");
        String name = hr.namespace() + "/" + ref.string("name");
        String key = ref.string("valuesKey") != null ? ref.string("valuesKey") : "values.yaml";
        boolean secret = "Secret".equals(kind);
        Resource source = secret ? secrets.get(name) : configMaps.get(name);
        String text =
            source == null ? null : secret ? secretValue(source, key) : configValue(source, key);
        if (text == null) {
          String what =
              source == null
                  ? kind + " " + name + " is not in what spl read"
                  : kind
                      + " "
                      + name
                      + (encrypted(source) ? " is encrypted" : " has no key " + key);
          if (secret || Deployments.isTrue(ref, "optional")) {
            log.add(hr.ref().describe() + ": values from " + what + "; rendered without them");
          } else {
            unread.add(
                LoadProblem.notBuilt(
                    ref.position(),
                    hr.ref().describe(),
                    "its valuesFrom " + what + ", so spl renders the chart without those values",
                    "lint the directory that makes it with this HelmRelease, or mark it optional:"
                        + " true if the release does without it"));
          }
          continue;
        }
        String targetPath = ref.string("targetPath");
        if (targetPath != null) {
          try {
            merge(merged, HelmSetValues.atPath(targetPath, text));
          } catch (IllegalArgumentException e) {
            unread.add(
                LoadProblem.notBuilt(
                    ref.position(),
                    hr.ref().describe(),
                    // the value is not shown: it may be a Secret's
                    "its valuesFrom targetPath "
                        + targetPath
                        + " and the value of "
                        + kind
                        + " "
                        + name
                        + " are not what helm --set reads (Flux fails the release too)",
                    "check the path (a.b[0].c) and the value's commas and quotes"));
          }
          continue;
        }
        Object doc;
        try {
          doc = new Load(LoadSettings.builder().build()).loadFromString(text);
        } catch (RuntimeException e) {
          unread.add(
              LoadProblem.notBuilt(
                  ref.position(),
                  hr.ref().describe(),
                  "its valuesFrom " + kind + " " + name + " key " + key + " is not YAML",
                  "fix that values text"));
          continue;
        }
        if (doc instanceof Map<?, ?> m) {
          merge(merged, m);
          if (!secret) {
            written.addAll(generatedFrom(source, key));
          }
        }
      }
    }
    if (spec.map("values") != null && spec.map("values").toPlain() instanceof Map<?, ?> m) {
      merge(merged, m);
    }
    return new FluxValues(merged, written, unread);
  }

  private static String configValue(Resource configMap, String key) {
    MapNode data = configMap.root().map("data");
    return data == null ? null : data.string(key);
  }

  /** A Secret's value as the API server stores it: stringData over base64 data; null if sealed. */
  private static String secretValue(Resource secret, String key) {
    if (encrypted(secret)) {
      return null;
    }
    MapNode stringData = secret.root().map("stringData");
    if (stringData != null && stringData.string(key) != null) {
      return stringData.string(key);
    }
    MapNode data = secret.root().map("data");
    String encoded = data == null ? null : data.string(key);
    if (encoded == null) {
      return null;
    }
    try {
      return new String(
          java.util.Base64.getMimeDecoder().decode(encoded),
          java.nio.charset.StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null; // not base64: the API server refuses such a Secret
    }
  }

  /**
   * True when kustomize names a generated {@code built} from {@code name} (prefix, hash, suffix).
   */
  private static boolean generatedName(String name, String built) {
    return name != null
        && (built.equals(name)
            || built.matches(
                ".*" + java.util.regex.Pattern.quote(name) + "(-[a-z0-9]{10})?(-.*)?"));
  }

  /** True for a SOPS-encrypted object: its values are ciphertext until Flux decrypts them. */
  private static boolean encrypted(Resource r) {
    return r.root().map("sops") != null;
  }

  /**
   * The values file a kustomize configMapGenerator made {@code key} of {@code configMap} from, as
   * nodes with their lines: a finding for a value it sets lands there, the file a user edits.
   */
  private static List<Node> generatedFrom(Resource configMap, String key) {
    Path kustomization = Path.of(configMap.position().file()).toAbsolutePath().normalize();
    if (!kustomization.equals(KustomizeOrigins.kustomizationIn(kustomization.getParent()))) {
      return List.of(); // written in a manifest, not generated: no values file to point at
    }
    List<Node> docs = writtenIn(kustomization);
    if (docs.isEmpty()
        || !(docs.get(0) instanceof MapNode root)
        || !(root.get("configMapGenerator") instanceof ListNode generators)) {
      return List.of();
    }
    for (Node g : generators.items()) {
      if (!(g instanceof MapNode generator)
          || !generatedName(generator.string("name"), configMap.name())
          || !(generator.get("files") instanceof ListNode files)) {
        continue;
      }
      for (Node f : files.items()) {
        if (f instanceof ScalarNode s && s.value() instanceof String entry) {
          int eq = entry.indexOf('=');
          String file = eq < 0 ? entry : entry.substring(eq + 1);
          String fileKey =
              eq < 0 ? Path.of(entry).getFileName().toString() : entry.substring(0, eq);
          if (fileKey.equals(key)) {
            return writtenIn(kustomization.resolveSibling(file).normalize());
          }
        }
      }
    }
    return List.of();
  }

  @SuppressWarnings("unchecked")
  private static void merge(Map<String, Object> into, Map<?, ?> from) {
    for (Map.Entry<?, ?> e : from.entrySet()) {
      String k = String.valueOf(e.getKey());
      if (e.getValue() instanceof Map<?, ?> m && into.get(k) instanceof Map<?, ?> old) {
        Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) old);
        merge(copy, m);
        into.put(k, copy);
      } else {
        into.put(k, e.getValue());
      }
    }
  }

  /** {@code part} without the origin annotations spl's kustomize wrapper asks for. */
  private static LoadedInput withoutOrigins(LoadedInput part) {
    List<Resource> out = new ArrayList<>(part.resources().size());
    for (Resource r : part.resources()) {
      MapNode root = KustomizeOrigins.withoutOrigin(r.root());
      out.add(root == r.root() ? r : new Resource(root, r.ref()));
    }
    return new LoadedInput(
        out, part.problems(), part.inputErrors(), 0, part.documents(), part.skipped());
  }

  private static LoadedInput inNamespace(LoadedInput part, String namespace) {
    List<Resource> moved = new ArrayList<>();
    for (Resource r : part.resources()) {
      dev.spl.model.ResourceRef ref = r.ref();
      boolean written = r.metadata() != null && r.metadata().has("namespace");
      moved.add(
          written || ref.namespace().isEmpty()
              ? r
              : new Resource(
                  r.root(),
                  new dev.spl.model.ResourceRef(
                      ref.apiVersion(), ref.kind(), namespace, ref.name())));
    }
    return new LoadedInput(
        moved, part.problems(), part.inputErrors(), 0, part.documents(), part.skipped());
  }

  private static Rendered unbuilt(Resource hr, String reason, String fix) {
    return unbuilt(hr, chartLine(hr), reason, fix);
  }

  private static SourcePosition chartLine(Resource hr) {
    MapNode spec = hr.spec();
    return spec != null && spec.has("chartRef")
        ? spec.entry("chartRef").keyPosition()
        : spec != null && spec.has("chart") ? spec.entry("chart").keyPosition() : hr.position();
  }

  private static Rendered unbuilt(Resource owner, SourcePosition at, String reason, String fix) {
    return new Rendered(
        owner,
        new LoadedInput(
            List.of(),
            List.of(LoadProblem.notBuilt(at, owner.ref().describe(), reason, fix)),
            List.of(),
            0,
            0));
  }

  /** {@code findings} with those in a release's rendering placed on the HelmRelease. */
  List<Finding> placed(List<Finding> findings) {
    if (renderedFrom.isEmpty()) {
      return findings;
    }
    // a set: one release in a base that two overlays build is rendered by each, and makes the
    // same finding at the same values line twice
    java.util.Set<Finding> out = new java.util.LinkedHashSet<>();
    for (Finding f : findings) {
      Resource hr = renderedFrom.get(f.position().file());
      if (hr == null) {
        out.add(f);
        continue;
      }
      SourcePosition at = valueLine(hr, f);
      List<RelatedLocation> related = new ArrayList<>();
      for (RelatedLocation r : f.related()) {
        related.add(
            renderedFrom.containsKey(r.position().file())
                ? new RelatedLocation(
                    valuesKey(renderedFrom.get(r.position().file())), r.resource())
                : r);
      }
      out.add(
          new Finding(
              f.ruleId(),
              f.ruleName(),
              f.severity(),
              f.message(),
              at,
              f.resource(),
              f.field(),
              related,
              null)); // a rendering is never rewritten: no fix
    }
    return List.copyOf(out);
  }

  /**
   * Where the HelmRelease writes the value the finding is about: a value under {@code spec.values}
   * with the same key and the same text, else {@code spec.values} itself.
   */
  private SourcePosition valueLine(Resource owner, Finding f) {
    Optional<Node> value = renderedValue(f);
    String[] parts = f.field().split("\\.");
    String key = parts.length == 0 ? "" : parts[parts.length - 1].replaceAll("\\[\\d+]$", "");
    if (value.isPresent() && value.get() instanceof ScalarNode s) {
      // the chart may name it otherwise (session.timeout -> absoluteTimeout): the same key when
      // there is one, else the one value of that text
      List<SourcePosition> sameKey = new ArrayList<>();
      List<SourcePosition> sameText = new ArrayList<>();
      for (Node written : valuesWritten.getOrDefault(f.position().file(), List.of())) {
        find(written, key, ScalarNode.text(s), sameKey, sameText);
      }
      if (!sameKey.isEmpty()) {
        return sameKey.get(sameKey.size() - 1); // the last source wins, as in Helm
      }
      if (sameText.size() == 1) {
        return sameText.get(0);
      }
    }
    return valuesKey(owner);
  }

  private static SourcePosition valuesKey(Resource hr) {
    MapNode spec = hr.spec();
    if (hr.kind().equals("Application")) {
      return spec != null && spec.has("source")
          ? spec.entry("source").keyPosition()
          : spec != null && spec.has("sources")
              ? spec.entry("sources").keyPosition()
              : hr.position();
    }
    if (spec != null && spec.has("valuesFrom")) {
      return spec.entry("valuesFrom").keyPosition(); // the value came from a ConfigMap it names
    }
    if (spec != null && spec.has("values")) {
      return spec.entry("values").keyPosition();
    }
    return chartLine(hr);
  }

  private static void find(
      Node node,
      String key,
      String text,
      List<SourcePosition> sameKey,
      List<SourcePosition> sameText) {
    if (text == null) {
      return;
    }
    if (node instanceof MapNode map) {
      for (MapNode.Entry e : map.entries()) {
        if (e.value() instanceof ScalarNode s && text.equals(ScalarNode.text(s))) {
          (e.key().equals(key) ? sameKey : sameText).add(e.keyPosition());
        }
        find(e.value(), key, text, sameKey, sameText);
      }
    } else if (node instanceof ListNode list) {
      for (Node item : list.items()) {
        find(item, key, text, sameKey, sameText);
      }
    }
  }

  /** The rendered value a finding's field points at. */
  private Optional<Node> renderedValue(Finding f) {
    for (Resource r : renderedObjects.getOrDefault(f.position().file(), List.of())) {
      if (f.resource() != null
          && r.ref().name().equals(f.resource().name())
          && r.kind().equals(f.resource().kind())) {
        Node node = r.root();
        for (String part : f.field().split("\\.")) {
          java.util.regex.Matcher m =
              java.util.regex.Pattern.compile("([^\\[]*)((?:\\[\\d+])*)").matcher(part);
          if (!m.matches()) {
            return Optional.empty();
          }
          if (!m.group(1).isEmpty()) {
            node = node instanceof MapNode map ? map.get(m.group(1)) : null;
          }
          java.util.regex.Matcher idx =
              java.util.regex.Pattern.compile("\\[(\\d+)]").matcher(m.group(2));
          while (idx.find() && node != null) {
            int i = Integer.parseInt(idx.group(1));
            node = node instanceof ListNode list && i < list.size() ? list.get(i) : null;
          }
          if (node == null) {
            return Optional.empty();
          }
        }
        return Optional.of(node);
      }
    }
    return Optional.empty();
  }
}
