package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.index.IndexFields;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.FieldPath;
import dev.spl.model.Finding;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.cross.ServiceAffinityConflict;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The cross-resource rules declare what they read ({@link IndexRule#inputs}); a large lint keeps
 * only that of each resource. Each rule, run by the engine alone with nothing but its own declared
 * inputs kept of every resource, must find exactly what it finds on whole resources, on every
 * example: a rule that reads a field or a kind it did not declare fails here.
 */
class DeclaredInputsTest {
  private static final List<IndexRule> CROSS_RULES =
      BuiltInRules.all().stream()
          .filter(IndexRule.class::isInstance)
          .map(IndexRule.class::cast)
          .toList();

  @Test
  void everyRuleFindsTheSameWithOnlyWhatItDeclares() throws IOException {
    Map<String, Integer> findings = new TreeMap<>();
    for (IndexRule rule : CROSS_RULES) {
      for (Path file : exampleFiles()) {
        List<Finding> whole = lint(rule, file, false);
        assertEquals(whole, lint(rule, file, true), rule.info().id() + " on " + file);
        findings.merge(rule.info().id(), whole.size(), Integer::sum);
      }
    }
    // each rule is exercised: its own examples give it findings to lose
    for (IndexRule rule : CROSS_RULES) {
      assertTrue(findings.get(rule.info().id()) > 0, rule.info().id() + " found nothing");
    }
  }

  @Test
  void aRuleThatReadsMoreThanItDeclaresIsCaught() throws IOException {
    // SPL110 without the Service fields it reads: its own bad example finds less
    IndexRule undeclared = new ServiceAffinityConflictWithout();
    Path bad = ExamplesTest.EXAMPLES.resolve("SPL110-service-affinity-conflict/bad.yaml");
    List<Finding> whole = lint(undeclared, bad, false);
    assertTrue(!whole.isEmpty());
    assertNotEquals(whole, lint(undeclared, bad, true));
  }

  /** SPL110 declaring Services without their sessionAffinity. */
  private static final class ServiceAffinityConflictWithout implements IndexRule {
    private final ServiceAffinityConflict rule = new ServiceAffinityConflict();

    @Override
    public RuleInfo info() {
      return rule.info();
    }

    @Override
    public Inputs inputs() {
      return Inputs.union(
          List.of(
              Inputs.of(KindRole.SERVICE),
              Inputs.of(KindRole.ROUTE, "rules.backendRefs", "rules.sessionPersistence")));
    }

    @Override
    public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
      rule.check(index, context, reporter);
    }
  }

  /**
   * The options a streaming lint of {@code input} runs with: its IngressClasses found first, as spl
   * lint finds them before it reads the files.
   */
  private static LintOptions streaming(Path file, LoadedInput input) throws IOException {
    return LintOptions.defaults()
        .withVersion(ExamplesTest.versionOf(file))
        .withIngressClasses(dev.spl.index.IngressClasses.of(input.resources()));
  }

  /** {@code rule}'s findings on {@code file}, linted by the engine with it alone. */
  private static List<Finding> lint(IndexRule rule, Path file, boolean declaredOnly)
      throws IOException {
    LoadedInput input = BuiltExamples.load(file);
    Engine.LintRun run = new Engine(List.of(rule)).start(streaming(file, input));
    if (declaredOnly) {
      run.projectingAll();
    }
    run.accept(input);
    return run.finish(1, 0).findings().stream()
        .filter(f -> f.ruleId().equals(rule.info().id()))
        .toList();
  }

  @Test
  void allRulesTogetherFindTheSameOnWhatTheyDeclare() throws IOException {
    for (Path file : exampleFiles()) {
      LoadedInput input = BuiltExamples.load(file);
      LintOptions options = LintOptions.defaults().withVersion(ExamplesTest.versionOf(file));
      List<Finding> whole = new Engine().lint(input, options).findings();
      Engine.LintRun run = new Engine().start(streaming(file, input)).projectingAll();
      run.accept(input);
      assertEquals(whole, run.finish(1, 0).findings(), file.toString());
    }
  }

  @Test
  void aLargeLintKeepsOnlyTheDeclaredFieldsPastItsFirstThousandResources() {
    // Enough unrelated Services first that the engine keeps the route and Service projected.
    StringBuilder filler = new StringBuilder();
    for (int i = 0; i < 1001; i++) {
      filler.append(
          "---\napiVersion: v1\nkind: Service\nmetadata: {name: s%d, namespace: filler}\n"
              .formatted(i));
    }
    String conflict =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            sessionPersistence: {sessionName: cart}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: cart, namespace: shop, labels: {app: cart}}
        spec: {sessionAffinity: ClientIP, selector: {app: cart}}
        """;
    ManifestLoader loader = new ManifestLoader();
    LintOptions options = LintOptions.defaults().withVersion(GatewayApiVersion.V1_4);
    List<Finding> alone =
        new Engine().lint(loader.loadText("shop.yaml", conflict), options).findings();
    assertTrue(alone.stream().anyMatch(f -> f.ruleId().equals("SPL110")), alone.toString());
    Engine.LintRun run = new Engine().start(options);
    run.accept(loader.loadText("filler.yaml", filler.toString()));
    run.accept(loader.loadText("shop.yaml", conflict));
    assertEquals(alone, run.finish(2, 0).findings());
  }

  private static List<Path> exampleFiles() throws IOException {
    List<Path> all = new java.util.ArrayList<>(ExamplesTest.manifestFiles());
    all.addAll(BuiltExamples.manifestFiles());
    return all;
  }

  @Test
  void keepsWhatTheRulesReadAndDropsTheRest() {
    Resource service =
        new ManifestLoader()
            .loadText(
                "svc.yaml",
                """
                apiVersion: v1
                kind: Service
                metadata:
                  name: cart
                  labels: {app: cart}
                  annotations:
                    ignore.spl.dev/SPL110: "migrating"
                    kubectl.kubernetes.io/last-applied-configuration: "{}"
                  managedFields: [{manager: kubectl}]
                spec:
                  selector: {app: cart}
                  ports: [{name: http, port: 80, protocol: TCP}]
                  ipFamilies: [IPv4]
                  sessionAffinity: ClientIP
                status: {loadBalancer: {}}
                """)
            .resources()
            .get(0);
    Resource kept = new IndexFields(BuiltInRules.indexInputs()).project(service);
    assertEquals(service.ref(), kept.ref());
    assertEquals(service.position(), kept.position());
    FieldPath affinity = FieldPath.of("spec", "sessionAffinity");
    assertEquals(service.positionOf(affinity), kept.positionOf(affinity));
    MapNode annotations = kept.metadata().map("annotations");
    assertEquals(1, annotations.size());
    assertTrue(annotations.has("ignore.spl.dev/SPL110"));
    assertNull(kept.metadata().get("labels"));
    assertNull(kept.metadata().get("managedFields"));
    assertNull(kept.spec().get("ipFamilies"), "no rule reads a Service's IP families");
    MapNode port = (MapNode) kept.spec().list("ports").get(0);
    assertNotNull(port.get("port"), "SPL303 reads a Service's port numbers");
    assertNull(port.get("protocol"), "and no more of its ports");
    assertNull(kept.root().get("status"));
  }
}
