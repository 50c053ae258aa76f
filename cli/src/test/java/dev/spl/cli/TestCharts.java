package dev.spl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The small charts the fetching and release tests serve from loopback repositories and registries,
 * and how they read a run's findings.
 */
public final class TestCharts {
  private TestCharts() {}

  /** web 2.0.1: a route whose session name and timeout come from its values (1h by default). */
  public static final String WEB_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        name: {{ .Release.Name }}
      spec:
        parentRefs: [{name: public}]
        rules:
        - backendRefs: [{name: {{ .Release.Name }}, port: 8080}]
          sessionPersistence:
            sessionName: {{ .Values.session.name }}
            absoluteTimeout: {{ .Values.session.timeout }}
      """;

  public static final String WEB_VALUES = "session: {name: web-session, timeout: 1h}\n";

  /** backend 1.2.3: a Service with ClientIP affinity. */
  public static final String BACKEND_SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: backend
      spec:
        sessionAffinity: ClientIP
        selector: {app: backend}
        ports: [{port: 8080}]
      """;

  /** A user's route persisting sessions to backend's Service (SPL110 with ClientIP beside it). */
  public static final String APP_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        name: app
      spec:
        parentRefs: [{name: public}]
        rules:
        - backendRefs: [{name: backend, port: 8080}]
          sessionPersistence:
            sessionName: app-session
      """;

  /** Writes a chart's source: Chart.yaml, values.yaml and one template; returns its directory. */
  public static Path source(Path dir, String name, String version, String template, String values)
      throws IOException {
    Path templates = Files.createDirectories(dir.resolve(name).resolve("templates"));
    Files.writeString(
        dir.resolve(name).resolve("Chart.yaml"),
        "apiVersion: v2\nname: " + name + "\nversion: " + version + "\n");
    Files.writeString(dir.resolve(name).resolve("values.yaml"), values);
    Files.writeString(templates.resolve(name + ".yaml"), template);
    return dir.resolve(name);
  }

  /**
   * Each positioned finding as {@code path:line:col: severity SPLnnn}, paths below {@code root}.
   */
  public static List<String> findings(CliRun run, Path root) {
    String prefix = root + "/";
    return run.out()
        .lines()
        .filter(l -> l.matches(".*:\\d+:\\d+.*: (error|warning|info) SPL\\d{3} .*"))
        .map(l -> l.replace(prefix, "").replaceFirst("(SPL\\d{3}) .*", "$1"))
        .toList();
  }
}
