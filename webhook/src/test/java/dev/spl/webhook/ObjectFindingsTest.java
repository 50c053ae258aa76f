package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.config.SplConfig;
import dev.spl.load.ManifestLoader;
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

  static final LintOptions OPTIONS =
      LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.V1_6);

  static List<String> judged(ObjectFindings findings, SplConfig config) {
    return findings.all(config.applyTo(OPTIONS).judgement()).stream()
        .map(f -> f.ruleId() + " " + f.severity())
        .toList();
  }

  List<String> found(SplConfig config) {
    Resource route = new ManifestLoader().loadText("r", ROUTE).resources().get(0);
    ObjectFindings findings = new ObjectFindings(new Engine(), OPTIONS);
    findings.update(route);
    return judged(findings, config).stream().map(s -> s.split(" ")[0]).toList();
  }

  /** The admin's configuration may be reloaded after an object was seen: the audit judges anew. */
  @Test
  void findingsAreJudgedByTheConfigurationInForceWhenTheAuditRuns() throws Exception {
    Resource route = new ManifestLoader().loadText("r", ROUTE).resources().get(0);
    ObjectFindings findings = new ObjectFindings(new Engine(), OPTIONS);
    findings.update(route);
    assertEquals(List.of("SPL021 ERROR"), judged(findings, SplConfig.none()));
    SplConfig lowered =
        SplConfig.load(Files.writeString(dir.resolve("low.yaml"), "rules: {SPL021: warning}\n"));
    // a warning now, so the author's annotation (warnings only, by default) hides it
    assertEquals(List.of(), judged(findings, lowered));
    SplConfig off =
        SplConfig.load(Files.writeString(dir.resolve("off.yaml"), "rules: {SPL021: off}\n"));
    assertEquals(List.of(), judged(findings, off));
    SplConfig none =
        SplConfig.load(
            Files.writeString(
                dir.resolve("none.yaml"), "admission: {allowAnnotationSuppressions: none}\n"));
    assertEquals(List.of("SPL021 ERROR"), judged(findings, none));
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
