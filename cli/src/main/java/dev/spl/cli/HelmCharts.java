package dev.spl.cli;

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
final class HelmCharts {
  /** A chart Helm could not render, with Helm's message. */
  static final class RenderFailure extends Exception {
    RenderFailure(String message) {
      super(message, null, false, false);
    }
  }

  /** One way of running Helm. */
  interface Renderer {
    String render(Path chart, List<Path> valuesFiles, List<String> sets) throws RenderFailure;

    String describe();
  }

  /** Helm's comment before each document it renders: {@code # Source: <chart>/templates/x.yaml}. */
  private static final Pattern SOURCE_COMMENT = Pattern.compile("^# Source: [^/]+/(.+)$");

  private HelmCharts() {}

  /** The first Helm that works here, or empty when there is none. */
  static Optional<Renderer> renderer() {
    try {
      Class.forName("com.marcnuri.helm.Helm");
      return Optional.of(new InProcess());
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
    @Override
    public String render(Path chart, List<Path> valuesFiles, List<String> sets)
        throws RenderFailure {
      try {
        var template = new com.marcnuri.helm.Helm(chart).template().withName("release");
        for (Path values : valuesFiles) {
          template = template.withValuesFile(values);
        }
        for (String set : sets) {
          int eq = set.indexOf('=');
          template = template.set(set.substring(0, eq), set.substring(eq + 1));
        }
        return template.call();
      } catch (RuntimeException e) {
        throw new RenderFailure(firstLine(e.getMessage()));
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
    public String render(Path chart, List<Path> valuesFiles, List<String> sets)
        throws RenderFailure {
      List<String> command = new ArrayList<>(List.of(helm.toString(), "template", "release"));
      command.add(chart.toString());
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
