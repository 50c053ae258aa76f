package dev.spl.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Judgement;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.catalogue.RuleSelection;
import dev.spl.model.Finding;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.rules.RuleInfo;
import dev.spl.schema.GatewayApiVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** .spl.yaml as the engine reads it: every key, what it does to a finding, and every mistake. */
class SplConfigTest {
  @TempDir Path dir;

  SplConfig load(String yaml) throws Exception {
    Path file = dir.resolve(SplConfig.FILE_NAME);
    Files.writeString(file, yaml);
    return SplConfig.load(file);
  }

  String error(String yaml) {
    return assertThrows(SplConfig.Invalid.class, () -> load(yaml)).getMessage();
  }

  static Finding finding(String ruleId, Severity severity, String kind, String ns, String name) {
    return new Finding(
        ruleId,
        "name",
        severity,
        "message",
        new SourcePosition("f.yaml", 1, 1),
        new ResourceRef("v1", kind, ns, name),
        "spec",
        List.of());
  }

  /**
   * {@code f} as {@code c} judges it (through the engine's {@link Judgement}), from the severity
   * {@code f} was reported at: with its configured level, or empty when off, suppressed or skipped.
   */
  static Optional<Finding> apply(SplConfig c, Finding f) {
    Judgement base =
        Judgement.of(
            RuleSelection.of(List.of(), List.of(), Map.of(f.ruleId(), f.severity())),
            AnnotationSuppressions.ALL);
    RuleInfo rule = BuiltInRules.find(f.ruleId()).orElseThrow().info();
    Severity s = c.judgement(base).judge(rule, f.resource());
    return s == null ? Optional.empty() : Optional.of(s == f.severity() ? f : f.withSeverity(s));
  }

  @Test
  void everyKeyIsRead() throws Exception {
    SplConfig c =
        load(
            """
            gatewayApiVersion: v1.4
            failOn: warning
            rules: {SPL120: off, client-ip-behind-snat: error, SPL151: warn, SPL131: info}
            exclude: ["vendor/**"]
            suppressions:
            - {kind: Service, namespace: "team-*", name: "cart?", rules: [SPL110], reason: later}
            skip: {kinds: [ConfigMap], namespaces: [kube-system]}
            admission: {mode: warn, allowAnnotationSuppressions: all}
            offline: true
            """);
    assertEquals(GatewayApiVersion.V1_4, c.gatewayApiVersion());
    assertEquals(FailOn.WARNING, c.failOn());
    assertTrue(c.ruleSeverities().containsKey("SPL120"));
    assertNull(c.ruleSeverities().get("SPL120"));
    assertEquals(Severity.ERROR, c.ruleSeverities().get("SPL150"));
    assertEquals(Severity.WARNING, c.ruleSeverities().get("SPL151"));
    assertEquals(Severity.INFO, c.ruleSeverities().get("SPL131"));
    assertEquals(List.of("vendor/**"), c.exclude());
    assertEquals(1, c.suppressions().size());
    assertEquals(Set.of("SPL110"), c.suppressions().get(0).ruleIds());
    assertEquals(Set.of("ConfigMap"), c.skip().kinds());
    assertEquals(Set.of("kube-system"), c.skip().namespaces());
    assertEquals(AdmissionMode.WARN, c.admission().mode());
    assertEquals(AnnotationSuppressions.ALL, c.admission().annotationSuppressions());
    assertEquals(Boolean.TRUE, c.offline());
  }

  @Test
  void offlineIsTrueOrFalseAndUnsaidWhenAbsent() throws Exception {
    assertNull(load("failOn: warning\n").offline());
    assertEquals(Boolean.FALSE, load("offline: false\n").offline());
    assertTrue(error("offline: yes please\n").contains("offline must be true or false"));
  }

  @Test
  void anOversizedFileIsRefusedBeforeItIsRead() throws Exception {
    Path file = dir.resolve(SplConfig.FILE_NAME);
    try (var out =
        java.nio.channels.FileChannel.open(
            file,
            java.nio.file.StandardOpenOption.CREATE,
            java.nio.file.StandardOpenOption.WRITE)) {
      // sparse: 100 MB on paper, nothing on disk, so reading it whole would be the failure
      out.write(java.nio.ByteBuffer.wrap(new byte[] {'\n'}), 100_000_000L);
    }
    String message = assertThrows(SplConfig.Invalid.class, () -> SplConfig.load(file)).getMessage();
    assertTrue(message.contains("100000001 bytes refused: at most 4194304"), message);
  }

  @Test
  void anEmptyFileIsTheDefaults() throws Exception {
    SplConfig c = load("");
    assertNull(c.gatewayApiVersion());
    assertTrue(c.ruleSeverities().isEmpty() && c.suppressions().isEmpty());
    assertEquals(AnnotationSuppressions.WARNINGS, c.admission().annotationSuppressions());
    assertNull(c.admission().mode());
  }

  @Test
  void aRuleLevelChangesTheSeverityAndOffDropsTheFinding() throws Exception {
    SplConfig c = load("rules: {SPL150: error, SPL151: off, SPL131: false}\n");
    Finding snat = finding("SPL150", Severity.WARNING, "Service", "ns", "s");
    assertEquals(Severity.ERROR, apply(c, snat).orElseThrow().severity());
    assertTrue(c.ruleSeverities().containsKey(snat.ruleId()));
    assertEquals(Optional.empty(), apply(c, finding("SPL151", Severity.INFO, "Service", "n", "s")));
    // YAML reads an unquoted off (or false) as a boolean: still off
    assertEquals(Optional.empty(), apply(c, finding("SPL131", Severity.INFO, "Service", "n", "s")));
    // a rule the file does not name keeps its severity, and the same finding comes back
    Finding other = finding("SPL110", Severity.ERROR, "Service", "ns", "s");
    assertFalse(c.ruleSeverities().containsKey(other.ruleId()));
    assertTrue(apply(c, other).orElseThrow() == other);
  }

  @Test
  void suppressionsMatchKindNamespaceAndNameByGlobAndOnlyTheirRules() throws Exception {
    SplConfig c =
        load(
            """
            suppressions:
            - {kind: Service, namespace: "team-*", name: "cart?", rules: [SPL110], reason: later}
            - {name: legacy, reason: "whole object"}
            """);
    assertTrue(apply(c, finding("SPL110", Severity.ERROR, "Service", "team-a", "cart1")).isEmpty());
    // each part must match
    assertTrue(apply(c, finding("SPL110", Severity.ERROR, "Service", "shop", "cart1")).isPresent());
    assertTrue(
        apply(c, finding("SPL110", Severity.ERROR, "Service", "team-a", "cart")).isPresent());
    assertTrue(
        apply(c, finding("SPL110", Severity.ERROR, "HTTPRoute", "team-a", "cart1")).isPresent());
    // only the rules it names
    assertTrue(
        apply(c, finding("SPL150", Severity.ERROR, "Service", "team-a", "cart1")).isPresent());
    // no rules: every rule; no kind or namespace: any
    assertTrue(apply(c, finding("SPL150", Severity.ERROR, "HTTPRoute", "x", "legacy")).isEmpty());
    // a finding about the file, not a resource, is never suppressed by a resource glob
    Finding file =
        new Finding(
            "SPL001",
            "yaml-syntax",
            Severity.ERROR,
            "m",
            new SourcePosition("f.yaml", 1, 1),
            null,
            "",
            List.of());
    assertTrue(apply(c, file).isPresent());
  }

  @Test
  void skipDropsKindsAndNamespaces() throws Exception {
    SplConfig c = load("skip: {kinds: [ConfigMap], namespaces: [kube-system]}\n");
    assertTrue(apply(c, finding("SPL150", Severity.ERROR, "ConfigMap", "a", "b")).isEmpty());
    assertTrue(
        apply(c, finding("SPL150", Severity.ERROR, "Service", "kube-system", "b")).isEmpty());
    assertTrue(apply(c, finding("SPL150", Severity.ERROR, "Service", "shop", "b")).isPresent());
  }

  @Test
  void excludeGlobsAreRelativeToTheFilesDirectory() throws Exception {
    SplConfig c = load("exclude: [\"vendor/**\", \"*.tmpl.yaml\"]\n");
    assertTrue(c.excludes(dir.resolve("vendor/chart/a.yaml")));
    assertTrue(c.excludes(dir.resolve("x.tmpl.yaml")));
    assertFalse(c.excludes(dir.resolve("apps/a.yaml")));
    assertFalse(c.excludes(dir.resolve("apps/x.tmpl.yaml")), "* does not cross directories");
    assertFalse(SplConfig.none().excludes(dir.resolve("vendor/a.yaml")));
  }

  @Test
  void discoverFindsTheNearestFileAbove() throws Exception {
    Path file = dir.resolve(SplConfig.FILE_NAME);
    Files.writeString(file, "failOn: error\n");
    Path deep = Files.createDirectories(dir.resolve("a/b"));
    assertEquals(file.toAbsolutePath().normalize(), SplConfig.discover(deep));
    Path nearer = Files.writeString(dir.resolve("a/" + SplConfig.FILE_NAME), "failOn: info\n");
    assertEquals(nearer.toAbsolutePath().normalize(), SplConfig.discover(deep));
  }

  @Test
  void everyMistakeIsAnErrorWithItsPosition() {
    String yaml = dir.resolve(SplConfig.FILE_NAME).toString();
    assertEquals(
        yaml
            + ":1:1: unknown key 'rulez' in .spl.yaml; did you mean 'rules'?; expected one of"
            + " admission, controllers, exclude, failOn, gatewayApiVersion, offline, rules,"
            + " skip, suppressions",
        error("rulez: {}\n"));
    assertTrue(
        error("controllers: {envoy-gatewy: v1.9}\n")
            .contains("unknown controller 'envoy-gatewy'; did you mean 'envoy-gateway'?"),
        error("controllers: {envoy-gatewy: v1.9}\n"));
    assertTrue(
        error("controllers: {envoy-gateway: 1.10}\n").contains("YAML reads an unquoted 1.1"),
        error("controllers: {envoy-gateway: 1.10}\n"));
    assertTrue(
        error("controllers: {envoy-gateway: latest}\n")
            .contains("envoy-gateway needs a release such as v1.9"));
    assertTrue(error("rules: {SPL999: off}\n").startsWith(yaml + ":1:9: unknown rule 'SPL999'"));
    assertTrue(
        error("rules: {SPL150: loud}\n")
            .endsWith("rule level must be off, info, warning (warn) or error, not 'loud'"));
    assertTrue(error("rules: [SPL150]\n").contains("rules must be a mapping"));
    assertTrue(
        error("failOn: sometimes\n")
            .endsWith("failOn must be error, warning, info or never, not 'sometimes'"));
    assertTrue(error("gatewayApiVersion: v9\n").startsWith(yaml + ":1:1: "));
    assertTrue(error("exclude: vendor\n").endsWith("exclude must be a list of glob patterns"));
    assertTrue(error("exclude: [{a: b}]\n").endsWith("exclude patterns must be strings"));
    assertTrue(error("suppressions: {}\n").contains("suppressions must be a list"));
    assertTrue(error("suppressions: [x]\n").endsWith("a suppression must be a mapping"));
    assertTrue(
        error("suppressions: [{kind: Service}]\n")
            .endsWith("a suppression needs a reason (why it is safe)"));
    assertTrue(
        error("suppressions: [{namespace: a, reason: r}]\n")
            .endsWith("a suppression needs a kind or a name to match"));
    assertTrue(
        error("suppressions: [{kind: S, reason: r, rules: [SPL9]}]\n").contains("unknown rule"));
    assertTrue(error("suppressions: [{kinds: S, reason: r}]\n").contains("unknown key 'kinds'"));
    assertTrue(error("skip: [a]\n").contains("skip must be a mapping"));
    assertTrue(error("skip: {kind: [a]}\n").contains("unknown key 'kind' in skip"));
    assertTrue(error("skip: {kinds: a}\n").endsWith("kinds must be a list of strings"));
    assertTrue(error("skip: {kinds: [[a]]}\n").endsWith("kinds items must be strings"));
    assertTrue(error("admission: on\n").contains("admission must be a mapping"));
    assertTrue(
        error("admission: {mode: enforced}\n")
            .contains("mode must be enforce, warn or audit-only, not 'enforced'"));
    assertTrue(
        error("admission: {allowAnnotationSuppressions: some}\n")
            .endsWith("allowAnnotationSuppressions must be all, warnings or none, not 'some'"));
    assertTrue(error("admission: {modes: warn}\n").contains("unknown key 'modes' in admission"));
    assertTrue(error("- a\n- b\n").contains(": the configuration must be a mapping of"));
    assertTrue(error("rules: {a: [\n").startsWith(yaml + ":"), "a YAML error, positioned");
  }

  @Test
  void annotationSuppressionsAcceptBooleans() throws Exception {
    assertEquals(
        AnnotationSuppressions.ALL,
        load("admission: {allowAnnotationSuppressions: true}\n")
            .admission()
            .annotationSuppressions());
    assertEquals(
        AnnotationSuppressions.NONE,
        load("admission: {allowAnnotationSuppressions: false}\n")
            .admission()
            .annotationSuppressions());
    assertEquals(
        AnnotationSuppressions.WARNINGS,
        load("admission: {allowAnnotationSuppressions: warnings}\n")
            .admission()
            .annotationSuppressions());
  }
}
