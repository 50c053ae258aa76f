package dev.spl.cli.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --helm-set as helm --set reads it: lists, nested keys, list items, typed values. */
class HelmSetValuesTest {
  @TempDir Path dir;

  @Test
  void valuesAreTypedAsHelmTypesThem() {
    assertEquals(
        Map.of(
            "hosts",
            List.of("a.example", "b.example"),
            "ingress",
            Map.of("enabled", true, "port", 8080L),
            "name",
            "web",
            "zip",
            "01234"),
        HelmSetValues.parse(
            List.of(
                "hosts={a.example,b.example}",
                "ingress.enabled=true,ingress.port=8080",
                "name=web",
                "zip=01234")));
  }

  @Test
  void listItemsEscapesAndTheLastValueWins() {
    Map<String, Object> v =
        HelmSetValues.parse(
            List.of(
                "routes[1].name=b",
                "annotations.nginx\\.ingress\\.kubernetes\\.io/affinity=cookie",
                "name=a",
                "name=b"));
    assertEquals(java.util.Arrays.asList(null, Map.of("name", "b")), v.get("routes"));
    assertEquals(Map.of("nginx.ingress.kubernetes.io/affinity", "cookie"), v.get("annotations"));
    assertEquals("b", v.get("name"));
  }

  @Test
  void aFluxTargetPathIsTypedUnlessQuoted() {
    assertEquals(
        Map.of("session", Map.of("port", 8080L)), HelmSetValues.atPath("session.port", "8080"));
    assertEquals(
        Map.of("session", Map.of("port", "8080")), HelmSetValues.atPath("session.port", "'8080'"));
    assertEquals(
        Map.of("db", Map.of("url", "postgres://x")),
        HelmSetValues.atPath("db.url", "\"postgres://x\""));
  }

  @Test
  void aPairWithoutAKeyIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> HelmSetValues.parse(List.of("a=1,=2")));
  }

  @Test
  void aChartGetsAListFromHelmSet() throws IOException {
    Path chart = Files.createDirectories(dir.resolve("c/templates"));
    Files.writeString(dir.resolve("c/Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    Files.writeString(dir.resolve("c/values.yaml"), "hosts: []\n");
    // the chart fails unless hosts is a list of two
    Files.writeString(
        chart.resolve("route.yaml"),
        """
        {{- if ne (kindOf .Values.hosts) "slice" }}{{ fail "hosts must be a list" }}{{ end }}
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: web
        spec:
          hostnames: [{{ join ", " .Values.hosts }}]
          parentRefs: [{name: public}]
          rules:
          - backendRefs: [{name: web, port: 8080}]
            sessionPersistence: {sessionName: web, absoluteTimeout: 2d}
        """);
    CliRun run =
        CliRun.of(
            "lint",
            "--gateway-api-version",
            "v1.6",
            "--helm-set",
            "hosts={a.example,b.example}",
            dir.resolve("c").toString());
    assertTrue(run.out().contains("error SPL021"), run.out());
    assertTrue(run.out().contains("1 Helm chart rendered"), run.out());
  }

  @Test
  void aChartThatRequiresAValueNamesTheHelmSetThatSuppliesIt() throws IOException {
    Path chart = Files.createDirectories(dir.resolve("r/templates"));
    Files.writeString(dir.resolve("r/Chart.yaml"), "apiVersion: v2\nname: r\nversion: 0.1.0\n");
    Files.writeString(dir.resolve("r/values.yaml"), "ingress: {}\n");
    Files.writeString(
        chart.resolve("route.yaml"),
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata:
          name: web
        spec:
          hostnames: [{{ required "set the public host" .Values.ingress.host | quote }}]
          parentRefs: [{name: public}]
        """);
    CliRun run = CliRun.of("lint", "--gateway-api-version", "v1.6", dir.resolve("r").toString());
    assertTrue(run.out().contains("warning SPL004"), run.out());
    assertTrue(run.out().contains("--helm-set ingress.host=VALUE"), run.out());
    CliRun given =
        CliRun.of(
            "lint",
            "--gateway-api-version",
            "v1.6",
            "--helm-set",
            "ingress.host=shop.example",
            dir.resolve("r").toString());
    assertTrue(given.out().contains("1 Helm chart rendered"), given.out());
  }
}
