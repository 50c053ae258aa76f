package dev.spl.cli.read;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders Helm charts the way {@code helm template} does, so that spl lints the manifests a chart
 * makes instead of misreading its templates as YAML. In-process with helm-java (Helm's own Go code
 * through JNI) when its native library is on the class path, else a {@code helm} on the PATH.
 * Nothing Helm-related is loaded until a chart is found.
 */
public final class HelmCharts {
  /** A chart Helm could not render, with Helm's message. */
  static final class RenderFailure extends Exception {
    RenderFailure(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The Kubernetes version charts are rendered for when none is given: a current minor, so that a
   * chart's {@code kubeVersion: >=1.21} and its {@code .Capabilities} checks see what clusters run
   * today (Helm's own default, v1.20, rejects most charts of the last years).
   */
  public static final String DEFAULT_KUBE_VERSION = "v1.35.0";

  /** One way of running Helm. */
  interface Renderer {
    /**
     * The manifests {@code helm template} prints for {@code chart}, as release {@code release} on
     * Kubernetes {@code kubeVersion}; an empty string when the chart renders none.
     */
    String render(
        Path chart, String release, String kubeVersion, List<Path> valuesFiles, List<String> sets)
        throws RenderFailure;

    String describe();

    /** One set of values to render a chart with. */
    record Values(List<Path> files, List<String> sets) {}

    /** What one rendering gave: the text, or the failure. */
    record Result(String text, RenderFailure failure) {}

    /**
     * The chart rendered once per set of values, in their order. Sequential unless the renderer can
     * do better.
     */
    default List<Result> renderEach(
        Path chart, String release, String kubeVersion, List<Values> values) {
      List<Result> out = new ArrayList<>();
      for (Values v : values) {
        try {
          out.add(new Result(render(chart, release, kubeVersion, v.files(), v.sets()), null));
        } catch (RenderFailure e) {
          out.add(new Result(null, e));
        }
      }
      return out;
    }

    /** What Helm logged while rendering (its own log lines), taken: each is returned once. */
    default List<String> takeLog() {
      return List.of();
    }
  }

  /** Helm's comment before each document it renders: {@code # Source: <chart>/templates/x.yaml}. */
  private static final Pattern SOURCE_COMMENT = Pattern.compile("^# Source: [^/]+/(.+)$");

  private HelmCharts() {}

  /** The first Helm that works here, or empty when there is none. */
  static Optional<Renderer> renderer() {
    try {
      // Before Helm's library loads: it reads the environment once (see NoCluster).
      Class.forName("com.sun.jna.Native");
      if (NoCluster.install()) {
        Class.forName("com.marcnuri.helm.Helm");
        return Optional.of(new InProcess());
      }
    } catch (ClassNotFoundException | LinkageError e) {
      // fall through to a helm binary
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      Path helm = Path.of(dir, "helm");
      if (!dir.isEmpty() && Files.isExecutable(helm)) {
        return Optional.of(new Binary(helm));
      }
    }
    return Optional.empty();
  }

  /**
   * Splits {@code helm template} output by its {@code # Source: <chart>/templates/x.yaml} comments
   * into the text each template rendered, keyed by the template's path under {@code chartDir}.
   * Documents without a source (none in Helm 3's output) go under the chart's Chart.yaml.
   */
  static Map<Path, String> byTemplate(Path chartDir, String rendered) {
    Map<Path, StringBuilder> texts = new LinkedHashMap<>();
    Path current = chartDir.resolve("Chart.yaml");
    StringBuilder doc = new StringBuilder();
    for (String line : rendered.split("\n", -1)) {
      if (line.equals("---")) {
        flush(texts, current, doc);
        doc = new StringBuilder();
        continue;
      }
      Matcher m = SOURCE_COMMENT.matcher(line);
      if (m.matches()) {
        current = chartDir.resolve(m.group(1)).normalize();
      }
      doc.append(line).append('\n');
    }
    flush(texts, current, doc);
    Map<Path, String> out = new LinkedHashMap<>();
    texts.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  private static void flush(Map<Path, StringBuilder> texts, Path file, StringBuilder doc) {
    if (doc.toString().isBlank()) {
      return;
    }
    StringBuilder text = texts.computeIfAbsent(file, k -> new StringBuilder());
    if (text.length() > 0) {
      text.append("---\n");
    }
    text.append(doc);
  }

  /** helm-java: Helm's Go library through JNI, no binary needed. */
  private static final class InProcess implements Renderer {
    private final List<String> log = new ArrayList<>();

    @Override
    public List<String> takeLog() {
      List<String> taken = List.copyOf(log);
      log.clear();
      return taken;
    }

    @Override
    public String render(
        Path chart, String release, String kubeVersion, List<Path> valuesFiles, List<String> sets)
        throws RenderFailure {
      Result r =
          renderEach(chart, release, kubeVersion, List.of(new Values(valuesFiles, sets))).get(0);
      if (r.failure() != null) {
        throw r.failure();
      }
      return r.text();
    }

    /**
     * Each set of values rendered on its own thread, two at a time (a chart with a dozen ci values
     * files costs half the wall time on two cores), all under one capture of standard error. Each
     * call builds its own Helm action, so the renderings share no state.
     */
    @Override
    public List<Result> renderEach(
        Path chart, String release, String kubeVersion, List<Values> values) {
      if (values.size() == 1) {
        return NativeStderr.capture(
            () -> List.of(renderOne(chart, release, kubeVersion, values.get(0))), log::add);
      }
      return NativeStderr.capture(
          () -> {
            java.util.concurrent.ExecutorService pool =
                java.util.concurrent.Executors.newFixedThreadPool(
                    Math.min(2, values.size()),
                    r -> {
                      Thread t = new Thread(r, "spl-helm");
                      t.setDaemon(true);
                      return t;
                    });
            try {
              List<java.util.concurrent.Future<Result>> futures = new ArrayList<>();
              for (Values v : values) {
                futures.add(pool.submit(() -> renderOne(chart, release, kubeVersion, v)));
              }
              List<Result> out = new ArrayList<>();
              for (var f : futures) {
                try {
                  out.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                  out.add(
                      new Result(null, new RenderFailure(firstLine(e.getCause().getMessage()))));
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  out.add(new Result(null, new RenderFailure("interrupted while rendering")));
                }
              }
              return out;
            } finally {
              pool.shutdownNow();
            }
          },
          log::add);
    }

    private static Result renderOne(Path chart, String release, String kubeVersion, Values v) {
      Path sets = null;
      try {
        var template =
            new com.marcnuri.helm.Helm(chart)
                .template()
                .withName(release)
                .withKubeVersion(kubeVersion);
        for (Path values : v.files()) {
          template = template.withValuesFile(values);
        }
        if (!v.sets().isEmpty()) {
          // typed as helm --set types them (helm-java would pass each as a string): a values
          // file after the others, as Helm orders --set after -f
          sets = Files.createTempFile("spl-helm-set", ".yaml");
          Files.writeString(sets, YamlText.of(HelmSetValues.parse(v.sets())));
          template = template.withValuesFile(sets);
        }
        String out = template.call();
        return new Result(out == null ? "" : out, null); // null: a chart that renders nothing
      } catch (RuntimeException e) {
        return new Result(null, new RenderFailure(firstLine(e.getMessage())));
      } catch (java.io.IOException e) {
        return new Result(
            null, new RenderFailure("cannot write --helm-set values: " + e.getMessage()));
      } finally {
        if (sets != null) {
          try {
            Files.deleteIfExists(sets);
          } catch (java.io.IOException e) {
            // a temporary file left behind
          }
        }
      }
    }

    @Override
    public String describe() {
      return "Helm (in-process, helm-java)";
    }
  }

  /** A helm executable on the PATH. */
  private record Binary(Path helm) implements Renderer {
    @Override
    public String render(
        Path chart, String release, String kubeVersion, List<Path> valuesFiles, List<String> sets)
        throws RenderFailure {
      List<String> command = new ArrayList<>(List.of(helm.toString(), "template", release));
      command.add(chart.toString());
      command.add("--kube-version");
      command.add(kubeVersion);
      for (Path values : valuesFiles) {
        command.add("--values");
        command.add(values.toString());
      }
      for (String set : sets) {
        command.add("--set");
        command.add(set);
      }
      try {
        Path err = Files.createTempFile("spl-helm", ".err");
        try {
          Process p =
              new ProcessBuilder(command)
                  .redirectError(err.toFile())
                  .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                  .start();
          String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new RenderFailure("helm template did not finish within 120 s");
          }
          if (p.exitValue() != 0) {
            throw new RenderFailure(firstLine(Files.readString(err)));
          }
          return out;
        } finally {
          Files.deleteIfExists(err);
        }
      } catch (IOException e) {
        throw new RenderFailure("cannot run " + helm + ": " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RenderFailure("interrupted while rendering");
      }
    }

    @Override
    public String describe() {
      return "Helm (" + helm + ")";
    }
  }

  /** A {@code "$ref"} to a schema on the network, which Helm would fetch to validate values. */
  private static final Pattern REMOTE_REF = Pattern.compile("\"\\$ref\"\\s*:\\s*\"[a-z]+://");

  /**
   * True when one of {@code chart}'s values.schema.json files (its subcharts' included) refers to a
   * schema on the network: spl fetches nothing, so Helm's validation would fail where {@code helm
   * template} online passes. Such a chart is rendered from a copy without them, as {@code helm
   * template --skip-schema-validation} would.
   */
  static boolean hasRemoteSchemas(Path chart) throws IOException {
    try (var files = Files.walk(chart)) {
      return files
          .filter(f -> f.getFileName().toString().equals("values.schema.json"))
          .anyMatch(HelmCharts::refersToTheNetwork);
    }
  }

  /**
   * A copy of {@code chart} to render in its place (to add dependencies found elsewhere, or to drop
   * its values.schema.json files when {@code withoutSchemas}); the caller deletes it with {@link
   * #deleteCopy}.
   */
  static Path copy(Path chart, boolean withoutSchemas) throws IOException {
    Path source = chart.toAbsolutePath().normalize();
    Path name = source.getFileName();
    Path copy =
        Files.createTempDirectory("spl-chart").resolve(name == null ? "chart" : name.toString());
    try (var files = Files.walk(source)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path to = copy.resolve(source.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else if (!(withoutSchemas && f.getFileName().toString().equals("values.schema.json"))) {
          Files.copy(f, to);
        }
      }
    }
    return copy;
  }

  private static boolean refersToTheNetwork(Path schema) {
    try {
      return REMOTE_REF.matcher(Files.readString(schema)).find();
    } catch (IOException e) {
      return false;
    }
  }

  /** Deletes a copy {@link #copy} made, and its temporary parent. */
  static void deleteCopy(Path copy) {
    try (var files = Files.walk(copy.getParent())) {
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // a temporary directory left behind; nothing the user needs to hear
    }
  }

  /** True when {@code chart} has no values.yaml of its own (its build may write one). */
  static boolean valuesMissing(Path chart) {
    return !Files.isRegularFile(chart.resolve("values.yaml"))
        && !Files.isRegularFile(chart.resolve("values.yml"));
  }

  /** Why a chart is not rendered at all, before Helm is asked: a library chart. */
  static Optional<String> notRendered(Path chart) {
    try {
      String text = Files.readString(chart.resolve("Chart.yaml"));
      if (LIBRARY.matcher(text).find()) {
        return Optional.of("Helm library chart: renders nothing of its own");
      }
    } catch (IOException e) {
      // Helm reports an unreadable Chart.yaml itself
    }
    return Optional.empty();
  }

  private static final Pattern LIBRARY =
      Pattern.compile("(?m)^type:[ \\t]*[\"']?library[\"']?[ \\t]*(?:#.*)?$");

  /** The dependencies Helm says are missing from a chart's charts/ directory, from its message. */
  static Optional<String> missingDependencies(String message) {
    Matcher m = MISSING_DEPENDENCIES.matcher(message);
    return m.find() ? Optional.of(m.group(1).strip()) : Optional.empty();
  }

  private static final Pattern MISSING_DEPENDENCIES =
      Pattern.compile("found in Chart\\.yaml, but missing in charts/ directory: ([^\\n]+)");

  private static String firstLine(String message) {
    if (message == null || message.isBlank()) {
      return "Helm gave no reason";
    }
    String text = message.strip().replaceFirst("^Error: ", "");
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }

  /**
   * {@code <chart>/templates/x.yaml}, then {@code :line} and {@code :column} when Helm gives them.
   */
  private static final Pattern TEMPLATE_IN_ERROR =
      Pattern.compile("[^\\s/:]+/(templates/[^\\s:]+)(?::(\\d+))?(?::(\\d+))?");

  /**
   * Where a Helm error points, from its {@code template: <chart>/templates/x.yaml:12:3:} or {@code
   * YAML parse error on <chart>/templates/x.yaml:} part; empty when it names no template.
   */
  static Optional<TemplateLocation> locate(Path chartDir, String message) {
    Matcher m = TEMPLATE_IN_ERROR.matcher(message);
    if (!m.find()) {
      return Optional.empty();
    }
    int line = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
    int column = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
    return Optional.of(
        new TemplateLocation(chartDir.resolve(m.group(1)).normalize(), line, column));
  }

  record TemplateLocation(Path file, int line, int column) {}
}
