package dev.spl.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.RuleSelection;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.schema.GatewayApiVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin's part of .spl.yaml, and what an author's annotation may still silence. */
class SplConfigAdmissionTest {
  @TempDir Path dir;

  SplConfig load(String yaml) throws Exception {
    return SplConfig.load(Files.writeString(dir.resolve(".spl.yaml"), yaml));
  }

  @Test
  void modeAndSuppressionPolicyAreRead() throws Exception {
    assertEquals(SplConfig.Admission.DEFAULT, load("failOn: error\n").admission());
    SplConfig c = load("admission:\n  mode: warn\n  allowAnnotationSuppressions: none\n");
    assertEquals(AdmissionMode.WARN, c.admission().mode());
    assertEquals(AnnotationSuppressions.NONE, c.admission().annotationSuppressions());
    assertEquals(
        AnnotationSuppressions.ALL,
        load("admission: {allowAnnotationSuppressions: true}\n")
            .admission()
            .annotationSuppressions());
  }

  @Test
  void mistakesArePositioned() {
    SplConfig.Invalid mode =
        assertThrows(SplConfig.Invalid.class, () -> load("admission:\n  mode: enfroce\n"));
    assertTrue(
        mode.getMessage().contains(".spl.yaml:2:3: mode must be enforce, warn or audit-only"),
        mode.getMessage());
    assertTrue(mode.getMessage().contains("did you mean 'enforce'?"), mode.getMessage());
    SplConfig.Invalid key =
        assertThrows(SplConfig.Invalid.class, () -> load("admission: {modes: warn}\n"));
    assertTrue(key.getMessage().contains("unknown key 'modes' in admission"), key.getMessage());
  }

  /** A route with an error (SPL021) and a warning (SPL120), both "suppressed" by its author. */
  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        name: cart
        namespace: shop
        annotations:
          ignore.spl.dev/invalid-duration: "we know"
          ignore.spl.dev/deprecated-route-inline: "moving later"
      spec:
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {cookie: {name: c}, absoluteTimeout: 1d}
      """;

  List<String> rulesFound(AnnotationSuppressions allowed) {
    LintOptions options =
        new LintOptions(GatewayApiVersion.GEP_1619_BACKEND, RuleSelection.all())
            .withAnnotationSuppressions(allowed);
    return new Engine()
        .lint(new ManifestLoader().loadText("r.yaml", ROUTE), options).findings().stream()
            .map(Finding::ruleId)
            .toList();
  }

  @Test
  void theAdminDecidesWhatAnAuthorsAnnotationSilences() {
    assertTrue(!rulesFound(AnnotationSuppressions.ALL).contains("SPL021"));
    assertTrue(!rulesFound(AnnotationSuppressions.ALL).contains("SPL120"));
    List<String> warningsOnly = rulesFound(AnnotationSuppressions.WARNINGS);
    assertTrue(
        warningsOnly.contains("SPL021") && !warningsOnly.contains("SPL120"),
        warningsOnly.toString());
    List<String> none = rulesFound(AnnotationSuppressions.NONE);
    assertTrue(none.contains("SPL021") && none.contains("SPL120"), none.toString());
  }
}
