package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are templates for a tool other than Helm ({placeholder}, %VAR%, ${VAR} filled by a
 * script before kubectl sees them): in a walk, a YAML error at a placeholder is the template's, not
 * the user's mistake, so it is skipped and listed; a YAML error elsewhere is still reported.
 */
class PlaceholderTemplatesTest {
  @TempDir Path dir;

  private static final String INGRESS =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: web
        annotations:
          nginx.ingress.kubernetes.io/affinity: cookie
      spec:
        rules:
        - host: %s
          http:
            paths:
            - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
      """;

  private List<String> rules(CliRun run) {
    return TestCharts.findings(run, dir).stream()
        .map(l -> l.replaceFirst(".* (SPL\\d{3})$", "$1"))
        .toList();
  }

  @Test
  void aYamlErrorAtAPlaceholderIsTheTemplatesAndListed() throws IOException {
    for (String host : List.of("{app}.example.com", "%HOST%", "%{HOST}.example.com")) {
      Files.writeString(dir.resolve("ingress.yaml"), INGRESS.formatted(host));
      CliRun run = CliRun.of("lint", "--verbose", dir.toString());
      assertEquals(List.of(), rules(run), host + ": " + run.out());
      assertTrue(run.out().contains("a template another tool fills"), run.out());
    }
  }

  @Test
  void aYamlErrorElsewhereIsStillReported() throws IOException {
    Files.writeString(dir.resolve("ingress.yaml"), INGRESS.formatted("web.example.com: x: y"));
    CliRun run = CliRun.of("lint", dir.toString());
    assertEquals(List.of("SPL001"), rules(run), run.out());
  }
}
