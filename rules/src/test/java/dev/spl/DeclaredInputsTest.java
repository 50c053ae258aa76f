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
import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.rules.cross.ServiceAffinityConflict;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every rule declares what it reads ({@link dev.spl.rules.Rule#inputs}); a large lint keeps only
 * that of each resource for the cross-resource rules, the engine gives a single-object rule only
 * the kinds it declares, and the webhook reviews, watches and may read only what some rule
 * declares. Checked both ways, on every example: each rule, run by the engine alone with nothing
 * but its own declared inputs kept of every resource, finds exactly what it finds on whole
 * resources (a rule that reads a field or a kind it did not declare fails); and each kind, path and
 * annotation prefix it declares is needed, since leaving it out changes what the rule finds on its
 * own examples (a declaration that claims more than the rule reads fails).
 */
class DeclaredInputsTest {
  private static final List<IndexRule> CROSS_RULES =
      BuiltInRules.all().stream()
          .filter(IndexRule.class::isInstance)
          .map(IndexRule.class::cast)
          .toList();

  private static final List<ResourceRule> SINGLE_OBJECT_RULES =
      BuiltInRules.all().stream()
          .filter(ResourceRule.class::isInstance)
          .map(ResourceRule.class::cast)
          .toList();

  /** The rules that read objects: the cross-resource ones and the single-object ones. */
  private static List<Rule> objectRules() {
    List<Rule> rules = new ArrayList<>(SINGLE_OBJECT_RULES);
    rules.addAll(CROSS_RULES);
    return rules;
  }

  @Test
  void everyRuleFindsTheSameWithOnlyWhatItDeclares() throws IOException {
    Map<String, Integer> findings = new TreeMap<>();
    for (Rule rule : objectRules()) {
      for (Path file : exampleFiles()) {
        List<Finding> whole = lint(rule, rule.inputs(), file, false);
        assertEquals(
            whole, lint(rule, rule.inputs(), file, true), rule.info().id() + " on " + file);
        findings.merge(rule.info().id(), whole.size(), Integer::sum);
      }
    }
    // each rule is exercised: its own examples give it findings to lose (SPL032 needs the
    // installed CRDs, which this harness does not give: InstalledCrdRuleTest)
    for (Rule rule : objectRules()) {
      if (!rule.info().id().equals("SPL032")) {
        assertTrue(findings.get(rule.info().id()) > 0, rule.info().id() + " found nothing");
      }
    }
  }

  /**
   * The other way, as istio's analyzer tests check that each analyzer uses every input it declares:
   * a kind a rule declares must change what it finds on some example when left out, or the webhook
   * would review, watch and be granted a kind for nothing. Kinds of one role are declared and left
   * out together (HTTPRoute with GRPCRoute). Spec paths are held only the first way: leaving out
   * each path would need an example of every field a rule reads, not a declaration made honest.
   */
  /**
   * Declared kinds no example exercises yet (mostly the policy and Backend forms of an attachment,
   * and IngressClasses, where the examples name a class but define none), and SPL032's, which needs
   * installed CRDs this harness does not give. A ratchet: no rule may join, and an entry an example
   * comes to exercise must leave.
   */
  private static final Map<String, Set<String>> NOT_YET_EXERCISED =
      Map.ofEntries(
          Map.entry("SPL020", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL021", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL032", Set.of("BACKEND", "POLICY", "ROUTE")),
          Map.entry(
              "SPL033", Set.of("BACKEND", "GATEWAY", "GATEWAY_CLASS", "POLICY", "REFERENCE_GRANT")),
          Map.entry("SPL101", Set.of("BACKEND")),
          Map.entry("SPL102", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL103", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL104", Set.of("BACKEND", "GATEWAY", "GATEWAY_CLASS", "POLICY", "SERVICE")),
          Map.entry("SPL105", Set.of("BACKEND", "GATEWAY", "ROUTE")),
          Map.entry("SPL110", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL122", Set.of("BACKEND")),
          Map.entry("SPL123", Set.of("BACKEND")),
          Map.entry("SPL124", Set.of("POLICY")),
          Map.entry("SPL130", Set.of("POLICY")),
          Map.entry("SPL135", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL140", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL141", Set.of("BACKEND", "POLICY")),
          Map.entry("SPL152", Set.of("INGRESS_CLASS")),
          Map.entry("SPL153", Set.of("INGRESS_CLASS")),
          Map.entry("SPL201", Set.of("INGRESS_CLASS")),
          Map.entry("SPL202", Set.of("INGRESS_CLASS")),
          Map.entry("SPL203", Set.of("INGRESS_CLASS")),
          Map.entry("SPL205", Set.of("INGRESS_CLASS")),
          Map.entry("SPL210", Set.of("INGRESS_CLASS")),
          Map.entry("SPL206", Set.of("INGRESS_CLASS")),
          Map.entry("SPL207", Set.of("INGRESS_CLASS")),
          Map.entry("SPL208", Set.of("INGRESS_CLASS")),
          Map.entry("SPL504", Set.of("INGRESS_CLASS")),
          Map.entry("SPL601", Set.of("INGRESS_CLASS")),
          Map.entry("SPL602", Set.of("INGRESS_CLASS", "INGRESS_CLASS_PARAMS", "SERVICE")),
          Map.entry("SPL603", Set.of("INGRESS_CLASS", "INGRESS_CLASS_PARAMS", "SERVICE")));

  @Test
  void everyDeclaredKindIsRead() throws IOException {
    List<Path> files = exampleFiles();
    List<String> unread = new ArrayList<>();
    for (Rule rule : objectRules()) {
      Inputs declared = rule.inputs();
      Map<String, Inputs> less = new TreeMap<>();
      for (KindCatalogue.Kind k : declared.kinds()) {
        String key = k.role() == KindRole.NONE ? k.kind() : k.role().name();
        less.merge(key, declared.without(k), (a, b) -> a.without(k));
      }
      Map<Path, List<Finding>> all = new java.util.HashMap<>();
      for (Map.Entry<String, Inputs> fewer : less.entrySet()) {
        boolean read = false;
        for (Path file : files) {
          List<Finding> whole = all.get(file);
          if (whole == null) {
            whole = lint(rule, declared, file, true);
            all.put(file, whole);
          }
          if (!whole.equals(lint(rule, fewer.getValue(), file, true))) {
            read = true;
            break;
          }
        }
        boolean known =
            NOT_YET_EXERCISED.getOrDefault(rule.info().id(), Set.of()).contains(fewer.getKey());
        if (!read && !known) {
          unread.add(
              rule.info().id() + " declares " + fewer.getKey() + " but finds the same without it");
        } else if (read && known) {
          unread.add(rule.info().id() + "'s " + fewer.getKey() + " is exercised now: unlist it");
        }
      }
    }
    assertEquals(List.of(), unread);
  }

  @Test
  void aKindDeclaredForNothingIsCaught() throws IOException {
    // SPL110 declaring autoscalers too: no example of it finds anything else for them
    IndexRule rule = new ServiceAffinityConflict();
    Inputs more = rule.inputs().and(KindRole.HORIZONTAL_POD_AUTOSCALER, "scaleTargetRef");
    KindCatalogue.Kind hpa = KindCatalogue.withRole(KindRole.HORIZONTAL_POD_AUTOSCALER).get(0);
    for (Path file : exampleFiles()) {
      assertEquals(lint(rule, more, file, true), lint(rule, more.without(hpa), file, true));
    }
  }

  /**
   * {@code rule}'s findings on {@code file}, linted by the engine with it alone as if it declared
   * {@code inputs}, with every resource cut to them ({@code projected}) or whole.
   */
  private static List<Finding> lint(Rule rule, Inputs inputs, Path file, boolean projected)
      throws IOException {
    LoadedInput input = BuiltExamples.load(file);
    Rule declaring =
        rule instanceof IndexRule ir
            ? new IndexDeclaring(ir, inputs)
            : rule instanceof SessionPersistenceRule pr
                ? new BothDeclaring((ResourceRule) rule, pr, inputs)
                : new ResourceDeclaring((ResourceRule) rule, inputs);
    if (projected) {
      // the IngressClasses too are found in what is kept: a rule reads them as declared
      // a cross-resource rule also sees what the index itself reads (which grants take effect)
      IndexFields cut =
          new IndexFields(
              rule instanceof IndexRule
                  ? Inputs.union(List.of(inputs, ResourceIndex.INPUTS))
                  : inputs);
      input =
          new LoadedInput(
              input.resources().stream().map(cut::project).filter(r -> r != null).toList(),
              input.problems(),
              input.inputErrors(),
              input.files(),
              input.documents());
    }
    Engine.LintRun run = new Engine(List.of(declaring)).start(streaming(file, input));
    if (projected) {
      run.projectingAll();
    }
    run.accept(input);
    return run.finish(1, 0).findings().stream()
        .filter(f -> f.ruleId().equals(rule.info().id()))
        .toList();
  }

  /** A single-object rule as if it declared {@code inputs}. */
  private record ResourceDeclaring(ResourceRule rule, Inputs inputs) implements ResourceRule {
    @Override
    public RuleInfo info() {
      return rule.info();
    }

    @Override
    public void check(Resource resource, RuleContext context, Reporter reporter) {
      rule.check(resource, context, reporter);
    }
  }

  /** A rule that checks objects and sessionPersistence sites, as if it declared {@code inputs}. */
  private record BothDeclaring(ResourceRule rule, SessionPersistenceRule sites, Inputs inputs)
      implements ResourceRule, SessionPersistenceRule {
    @Override
    public RuleInfo info() {
      return rule.info();
    }

    @Override
    public void check(Resource resource, RuleContext context, Reporter reporter) {
      rule.check(resource, context, reporter);
    }

    @Override
    public void check(SessionPersistenceSite site, Reporter reporter) {
      sites.check(site, reporter);
    }

    @Override
    public void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
      sites.check(site, context, reporter);
    }

    @Override
    public boolean checksForeignShapes() {
      return sites.checksForeignShapes();
    }
  }

  /** A cross-resource rule as if it declared {@code inputs}. */
  private record IndexDeclaring(IndexRule rule, Inputs inputs) implements IndexRule {
    @Override
    public RuleInfo info() {
      return rule.info();
    }

    @Override
    public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
      rule.check(index, context, reporter);
    }
  }

  @Test
  void aRuleThatReadsMoreThanItDeclaresIsCaught() throws IOException {
    // SPL110 without the Service fields it reads: its own bad example finds less
    IndexRule undeclared =
        new IndexDeclaring(
            new ServiceAffinityConflict(),
            Inputs.union(
                List.of(
                    Inputs.of(KindRole.SERVICE),
                    Inputs.of(KindRole.ROUTE, "rules.backendRefs", "rules.sessionPersistence"))));
    Path bad = ExamplesTest.EXAMPLES.resolve("SPL110-service-affinity-conflict/bad.yaml");
    List<Finding> whole = lint(undeclared, undeclared.inputs(), bad, false);
    assertTrue(!whole.isEmpty());
    assertNotEquals(whole, lint(undeclared, undeclared.inputs(), bad, true));
  }

  /**
   * The options a streaming lint of {@code input} runs with: its IngressClasses found first, as spl
   * lint finds them before it reads the files.
   */
  private static LintOptions streaming(Path file, LoadedInput input) throws IOException {
    return ExamplesTest.optionsOf(file)
        .withIngressClasses(dev.spl.index.IngressClasses.of(input.resources()));
  }

  @Test
  void allRulesTogetherFindTheSameOnWhatTheyDeclare() throws IOException {
    for (Path file : exampleFiles()) {
      LoadedInput input = BuiltExamples.load(file);
      LintOptions options = ExamplesTest.optionsOf(file);
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
