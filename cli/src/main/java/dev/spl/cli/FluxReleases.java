package dev.spl.cli;

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
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Flux HelmReleases rendered as helm-controller renders them: the chart from the HelmRepository its
 * {@code sourceRef} names (fetched into Helm's cache, {@link ChartFetcher}) or from a path of this
 * repository ({@code GitRepository}); values merged as Flux merges them, each {@code valuesFrom}
 * ConfigMap in order (those in the repository, kustomize-generated ones included), then {@code
 * spec.values} on top; the release named as Flux names it ({@code spec.releaseName}, else {@code
 * [targetNamespace-]name}). Findings in what it renders land on the HelmRelease's value that wrote
 * the offending value, else on its {@code spec.values}. What cannot be rendered so is an SPL006 at
 * the HelmRelease.
 */
final class FluxReleases {
  static final String RENDERED_PREFIX = "HelmRelease ";

  private final List<Resource> releases = new ArrayList<>();
  private final Map<String, Resource> repositories = new HashMap<>(); // "namespace/name"
  private final Map<String, Resource> configMaps = new HashMap<>(); // "namespace/name"
  // per rendered name, the release it came from
  private final Map<String, Resource> renderedFrom = new HashMap<>();
  // per rendered name, its objects: a finding's value is read from them
  private final Map<String, List<Resource>> renderedObjects = new HashMap<>();

  /** Takes note of the Flux objects and ConfigMaps in {@code part}. */
  void note(LoadedInput part) {
    for (Resource r : part.resources()) {
      String key = r.namespace() + "/" + r.name();
      if (r.group().equals(Deployments.FLUX_HELM) && r.kind().equals("HelmRelease")) {
        releases.add(r);
      } else if (r.group().equals("source.toolkit.fluxcd.io")
          && r.kind().equals("HelmRepository")) {
        repositories.put(key, r);
      } else if (r.group().isEmpty() && r.kind().equals("ConfigMap")) {
        configMaps.putIfAbsent(key, r);
      }
    }
  }

  /** One release to lint: its objects, or the SPL006 saying why there are none. */
  record Rendered(Resource release, LoadedInput part) {}

  /**
   * Renders each release noted. {@code fetcher} fetches charts ({@code null}: --offline); {@code
   * renderer} is Helm.
   */
  List<Rendered> renderAll(
      ChartFetcher fetcher,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      java.util.function.Function<Resource, Path> repositoryRoot) {
    List<Rendered> out = new ArrayList<>();
    for (Resource hr : releases) {
      out.add(render(hr, fetcher, renderer, kubeVersion, repositoryRoot));
    }
    return out;
  }

  private Rendered render(
      Resource hr,
      ChartFetcher fetcher,
      Optional<HelmCharts.Renderer> renderer,
      String kubeVersion,
      java.util.function.Function<Resource, Path> repositoryRoot) {
    MapNode spec = hr.spec();
    MapNode chartSpec =
        spec == null || spec.map("chart") == null ? null : spec.map("chart").map("spec");
    if (chartSpec == null || chartSpec.string("chart") == null) {
      return unbuilt(
          hr,
          spec != null && spec.has("chartRef")
              ? "spl does not render a chartRef (an OCIRepository or HelmChart) yet"
              : "it names no chart",
          "lint its rendering: helm template with its values, piped to spl lint -");
    }
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
          fetcher.fetch(
              new ChartDependencies.Dependency(chartName, chartSpec.string("version"), url), null);
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
    if (renderer.isEmpty()) {
      return unbuilt(hr, "no Helm here", "put helm on the PATH");
    }
    Path values = null;
    try {
      values = Files.createTempFile("spl-helmrelease", ".yaml");
      Files.writeString(values, new Dump(DumpSettings.builder().build()).dumpToString(values(hr)));
      String targetNamespace = spec.string("targetNamespace");
      String release =
          spec.string("releaseName") != null
              ? spec.string("releaseName")
              : (targetNamespace != null ? targetNamespace + "-" : "") + hr.name();
      HelmCharts.Renderer.Result result =
          renderer
              .get()
              .renderEach(
                  chart,
                  release,
                  kubeVersion,
                  List.of(new HelmCharts.Renderer.Values(List.of(values), List.of())))
              .get(0);
      if (result.failure() != null) {
        return unbuilt(hr, "Helm stops: " + result.failure().getMessage(), "fix its values");
      }
      String name = RENDERED_PREFIX + hr.ref().namespace() + "/" + hr.name();
      LoadedInput part =
          ManifestLoader.lenient().loadText(name, result.text() == null ? "" : result.text());
      part = inNamespace(part, targetNamespace != null ? targetNamespace : hr.namespace());
      renderedFrom.put(name, hr);
      renderedObjects.put(name, part.resources());
      return new Rendered(hr, part);
    } catch (IOException e) {
      return unbuilt(
          hr, "cannot write its values: " + e.getMessage(), "check the temporary directory");
    } finally {
      if (values != null) {
        try {
          Files.deleteIfExists(values);
        } catch (IOException e) {
          // a temporary file left behind
        }
      }
    }
  }

  /** Flux's values: each valuesFrom ConfigMap in order, then spec.values over them. */
  private Map<String, Object> values(Resource hr) {
    Map<String, Object> merged = new LinkedHashMap<>();
    MapNode spec = hr.spec();
    if (spec.get("valuesFrom") instanceof ListNode from) {
      for (Node n : from.items()) {
        if (n instanceof MapNode ref && "ConfigMap".equals(ref.string("kind"))) {
          Resource cm = configMaps.get(hr.namespace() + "/" + ref.string("name"));
          String key = ref.string("valuesKey") != null ? ref.string("valuesKey") : "values.yaml";
          MapNode data = cm == null ? null : cm.root().map("data");
          String text = data == null ? null : data.string(key);
          if (text != null) {
            Object doc = new Load(LoadSettings.builder().build()).loadFromString(text);
            if (doc instanceof Map<?, ?> m) {
              merge(merged, m);
            }
          }
        }
      }
    }
    if (spec.map("values") != null && spec.map("values").toPlain() instanceof Map<?, ?> m) {
      merge(merged, m);
    }
    return merged;
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
    SourcePosition at = hr.position();
    MapNode spec = hr.spec();
    if (spec != null && spec.has("chart")) {
      at = spec.entry("chart").keyPosition();
    }
    return new Rendered(
        hr,
        new LoadedInput(
            List.of(),
            List.of(LoadProblem.notBuilt(at, hr.ref().describe(), reason, fix)),
            List.of(),
            0,
            0));
  }

  /** {@code findings} with those in a release's rendering placed on the HelmRelease. */
  List<Finding> placed(List<Finding> findings) {
    if (renderedFrom.isEmpty()) {
      return findings;
    }
    List<Finding> out = new ArrayList<>(findings.size());
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
    return out;
  }

  /**
   * Where the HelmRelease writes the value the finding is about: a value under {@code spec.values}
   * with the same key and the same text, else {@code spec.values} itself.
   */
  private SourcePosition valueLine(Resource hr, Finding f) {
    Optional<Node> value = renderedValue(f);
    String[] parts = f.field().split("\\.");
    String key = parts.length == 0 ? "" : parts[parts.length - 1].replaceAll("\\[\\d+]$", "");
    MapNode values = hr.spec() == null ? null : hr.spec().map("values");
    if (values != null && value.isPresent() && value.get() instanceof ScalarNode s) {
      // the chart may name it otherwise (session.timeout -> absoluteTimeout): the same key when
      // there is one, else the one value of that text
      List<SourcePosition> sameKey = new ArrayList<>();
      List<SourcePosition> sameText = new ArrayList<>();
      find(values, key, ScalarNode.text(s), sameKey, sameText);
      if (!sameKey.isEmpty()) {
        return sameKey.get(0);
      }
      if (sameText.size() == 1) {
        return sameText.get(0);
      }
    }
    return valuesKey(hr);
  }

  private static SourcePosition valuesKey(Resource hr) {
    MapNode spec = hr.spec();
    if (spec != null && spec.has("valuesFrom")) {
      return spec.entry("valuesFrom").keyPosition(); // the value came from a ConfigMap it names
    }
    if (spec != null && spec.has("values")) {
      return spec.entry("values").keyPosition();
    }
    if (spec != null && spec.has("chart")) {
      return spec.entry("chart").keyPosition();
    }
    return hr.position();
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
