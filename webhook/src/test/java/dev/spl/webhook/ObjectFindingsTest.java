package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.config.SplConfig;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit judges cached objects as admission would: the admin decides what annotations hide. */
class ObjectFindingsTest {
  @TempDir Path dir;

  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        name: cart
        namespace: shop
        annotations: {ignore.spl.dev/invalid-duration: "we know"}
      spec:
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: cart, absoluteTimeout: 1d}
      """;

  List<String> found(SplConfig config) {
    Resource route = new ManifestLoader().loadText("r", ROUTE).resources().get(0);
    ObjectFindings findings =
        new ObjectFindings(
            new Engine(),
            LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.V1_6),
            () -> config);
    findings.update(route);
    return findings.all().stream().map(Finding::ruleId).toList();
  }

  @Test
  void anAuthorsAnnotationHidesAnErrorOnlyWhereTheAdminAllowsIt() throws Exception {
    assertEquals(List.of("SPL021"), found(SplConfig.none()), "by default warnings only");
    SplConfig all =
        SplConfig.load(
            Files.writeString(
                dir.resolve("spl.yaml"), "admission: {allowAnnotationSuppressions: all}\n"));
    assertEquals(List.of(), found(all));
  }
}
