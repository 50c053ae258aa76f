package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.RuleSelection;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The engine's own contract: order, deadlines, builds (variants), and what it reports at all. */
class EngineTest {
  static final LintOptions V14 = LintOptions.defaults().withVersion(GatewayApiVersion.V1_4);

  static LoadedInput load(String file, String yaml) {
    return new ManifestLoader().loadText(file, yaml);
  }

  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: %s, namespace: shop}
      spec:
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: cart}
      """;
  static final String CLIENT_IP_SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: cart, namespace: shop}
      spec: {sessionAffinity: ClientIP, type: NodePort}
      """;

  @Test
  void findingsComeSortedByFileLineAndRuleWhateverTheInputOrder() {
    Engine.LintRun run = new Engine().start(V14);
    run.accept(load("b.yaml", CLIENT_IP_SERVICE));
    run.accept(load("a.yaml", "a: [\n"));
    List<Finding> findings = run.finish(2, 2).findings();
    List<Finding> sorted = new ArrayList<>(findings);
    java.util.Collections.sort(sorted);
    assertEquals(sorted, findings);
    assertEquals("a.yaml", findings.get(0).position().file());
    assertTrue(findings.size() >= 2, findings.toString());
  }

  /**
   * A rule its selection switches off is not run at all, not run and its findings dropped: the
   * webhook's reviews switch off the CRD's CEL rules so that the CEL runtime is never loaded.
   */
  @Test
  void aRuleSwitchedOffIsNotRun() {
    int[] runs = {0};
    dev.spl.rules.ResourceRule counting =
        new dev.spl.rules.ResourceRule() {
          @Override
          public dev.spl.index.Inputs inputs() {
            return dev.spl.index.Inputs.EVERY_OBJECT;
          }

          @Override
          public dev.spl.rules.RuleInfo info() {
            return new dev.spl.rules.RuleInfo("SPL150", "counting", Severity.WARNING, "s");
          }

          @Override
          public void check(
              dev.spl.model.Resource resource,
              dev.spl.rules.RuleContext context,
              dev.spl.rules.Reporter reporter) {
            runs[0]++;
          }
        };
    Engine engine = new Engine(List.of(counting));
    engine.lint(load("a.yaml", CLIENT_IP_SERVICE), V14);
    assertEquals(1, runs[0], "on: run once for the one object");
    LintOptions off =
        V14.withRules(RuleSelection.of(List.of(), List.of("SPL150"), Map.of()))
            .withPerFile((file, base) -> base.withLevels(Map.of("SPL150", Severity.ERROR)));
    engine.lint(load("a.yaml", CLIENT_IP_SERVICE), off);
    assertEquals(1, runs[0], "off (a file's configuration cannot switch it back on): not run");
  }

  /** A rule that reports as it goes is stopped at its next report, not when it ends. */
  @Test
  void aDeadlineStopsARuleWhileItReports() {
    int[] reports = {0};
    List<dev.spl.rules.Rule> rules = new ArrayList<>(dev.spl.catalogue.BuiltInRules.all());
    rules.add(
        new dev.spl.rules.ResourceRule() {
          @Override
          public dev.spl.index.Inputs inputs() {
            return dev.spl.index.Inputs.EVERY_OBJECT;
          }

          @Override
          public dev.spl.rules.RuleInfo info() {
            return new dev.spl.rules.RuleInfo("SPL996", "test-slow", Severity.WARNING, "s");
          }

          @Override
          public void check(
              dev.spl.model.Resource resource,
              dev.spl.rules.RuleContext context,
              dev.spl.rules.Reporter reporter) {
            for (int i = 0; i < 1_000; i++) { // 10 s if never stopped
              reports[0]++;
              try {
                Thread.sleep(10);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              reporter.report(
                  info(), resource, dev.spl.model.FieldPath.of("spec"), "slow", List.of());
            }
          }
        });
    Engine.LintRun run =
        new Engine(rules)
            .start(V14, Engine.RunMode.DEFAULT.until(System.nanoTime() + 200_000_000L)); // 200 ms
    assertThrows(LintDeadlineExceeded.class, () -> run.accept(load("a.yaml", CLIENT_IP_SERVICE)));
    // counted, not timed: the rule was stopped part way, not when its 1,000 reports were done
    assertTrue(reports[0] < 1_000, "stopped after " + reports[0] + " reports");
    // an interrupted thread (its caller stopped waiting) stops the same way
    Thread.currentThread().interrupt();
    try {
      assertThrows(
          LintDeadlineExceeded.class,
          () ->
              new Engine()
                  .start(V14, Engine.RunMode.DEFAULT.until(System.nanoTime() + 60_000_000_000L))
                  .accept(load("a.yaml", CLIENT_IP_SERVICE)));
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aPastDeadlineStopsTheNextRule() {
    Engine.LintRun run =
        new Engine().start(V14, Engine.RunMode.DEFAULT.until(System.nanoTime() - 1));
    assertThrows(LintDeadlineExceeded.class, () -> run.accept(load("a.yaml", CLIENT_IP_SERVICE)));
    // the cross-resource rules check it too: a deadline that passes while the parts are read
    long[] clock = {System.nanoTime() + 60_000_000_000L};
    Engine.LintRun late = new Engine().start(V14, Engine.RunMode.DEFAULT.until(clock[0]));
    late.acceptForIndex(
        load("a.yaml", ROUTE.formatted("r") + "---\n" + CLIENT_IP_SERVICE),
        V14.version(),
        java.util.Set.of());
    Thread.currentThread().interrupt(); // a caller that stopped waiting, as the deadline passing
    try {
      assertThrows(LintDeadlineExceeded.class, () -> late.finish(1, 2));
    } finally {
      Thread.interrupted();
    }
    // a deadline ahead changes nothing
    Engine.LintRun inTime =
        new Engine().start(V14, Engine.RunMode.DEFAULT.until(System.nanoTime() + 60_000_000_000L));
    inTime.accept(load("a.yaml", CLIENT_IP_SERVICE));
    assertEquals(
        new Engine().lint(load("a.yaml", CLIENT_IP_SERVICE), V14).findings(),
        inTime.finish(1, 1).findings());
  }

  @Test
  void eachBuildIsCheckedApartAndASharedFindingIsReportedOnce() {
    // the route is shared; overlay "prod" adds the ClientIP Service (SPL110), "dev" does not
    Engine.LintRun run = new Engine().start(V14);
    run.accept(load("base/route.yaml", ROUTE.formatted("r")), GatewayApiVersion.V1_4, Set.of());
    run.accept(load("prod/svc.yaml", CLIENT_IP_SERVICE), GatewayApiVersion.V1_4, units("prod"));
    run.accept(
        load("dev/svc.yaml", CLIENT_IP_SERVICE.replace("ClientIP", "None")),
        GatewayApiVersion.V1_4,
        units("dev"));
    List<Finding> conflicts =
        run.finish(3, 3).findings().stream().filter(f -> f.ruleId().equals("SPL110")).toList();
    assertEquals(1, conflicts.size(), conflicts.toString());
    // two builds that both have the conflict report it once
    Engine.LintRun both = new Engine().start(V14);
    both.accept(load("base/route.yaml", ROUTE.formatted("r")), GatewayApiVersion.V1_4, Set.of());
    both.accept(load("svc.yaml", CLIENT_IP_SERVICE), GatewayApiVersion.V1_4, units("prod", "dev"));
    assertEquals(
        1, both.finish(2, 2).findings().stream().filter(f -> f.ruleId().equals("SPL110")).count());
  }

  @Test
  void unitsMeetOnlyThroughAnObjectTheInputDefinesOnce() {
    // a route in unit a names the one Service cart, defined in unit b: they meet, reported once
    Engine.LintRun once = new Engine().start(V14);
    once.accept(load("a/route.yaml", ROUTE.formatted("r")), GatewayApiVersion.V1_4, units("a"));
    once.accept(load("b/svc.yaml", CLIENT_IP_SERVICE), GatewayApiVersion.V1_4, units("b"));
    assertEquals(
        1, once.finish(2, 2).findings().stream().filter(f -> f.ruleId().equals("SPL110")).count());
    // defined in two units, the Service is each unit's own: the route in a meets neither
    Engine.LintRun twice = new Engine().start(V14);
    twice.accept(load("a/route.yaml", ROUTE.formatted("r")), GatewayApiVersion.V1_4, units("a"));
    twice.accept(load("b/svc.yaml", CLIENT_IP_SERVICE), GatewayApiVersion.V1_4, units("b"));
    twice.accept(load("c/svc.yaml", CLIENT_IP_SERVICE), GatewayApiVersion.V1_4, units("c"));
    assertTrue(twice.finish(3, 3).findings().stream().noneMatch(f -> f.ruleId().equals("SPL110")));
    // the same route in two units is no duplicate, and each copy is linted
    Engine.LintRun copies = new Engine().start(V14);
    copies.accept(load("a/route.yaml", ROUTE.formatted("r")), GatewayApiVersion.V1_4, units("a"));
    copies.accept(
        load("b/route.yaml", ROUTE.formatted("r").replace("sessionName: cart", "sessionName: x")),
        GatewayApiVersion.V1_4,
        units("b"));
    copies.accept(load("c/svc.yaml", CLIENT_IP_SERVICE), GatewayApiVersion.V1_4, units("c"));
    List<Finding> found = copies.finish(3, 3).findings();
    assertTrue(found.stream().noneMatch(f -> f.ruleId().equals("SPL104")), found.toString());
    assertEquals(
        Set.of("a/route.yaml", "b/route.yaml"),
        found.stream()
            .filter(f -> f.ruleId().equals("SPL110"))
            .map(f -> f.position().file())
            .collect(java.util.stream.Collectors.toSet()),
        found.toString());
    // routes of two units on the one Gateway collide through it, unless the units stand alone
    // (test fixtures, examples: loaded one at a time)
    String onGateway = ROUTE.replace("spec:\n", "spec:\n  parentRefs: [{name: gw}]\n");
    String gateway =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw, namespace: shop}
        spec:
          gatewayClassName: c
          listeners: [{name: http, port: 80, protocol: HTTP}]
        """;
    for (boolean standAlone : List.of(false, true)) {
      Engine.LintRun run = new Engine().start(V14);
      if (standAlone) {
        run.standAlone(dev.spl.index.Unit.directory("a"))
            .standAlone(dev.spl.index.Unit.directory("b"));
      }
      run.accept(
          load("a/route.yaml", onGateway.formatted("r")), GatewayApiVersion.V1_4, units("a"));
      run.accept(
          load("b/route.yaml", onGateway.formatted("q")), GatewayApiVersion.V1_4, units("b"));
      run.accept(load("c/gw.yaml", gateway), GatewayApiVersion.V1_4, units("c"));
      List<Finding> fixtures = run.finish(3, 3).findings();
      assertEquals(
          standAlone ? 0 : 1,
          fixtures.stream().filter(f -> f.ruleId().equals("SPL103")).count(),
          fixtures.toString());
    }
  }

  @Test
  void lintingResourcesDirectlyIsTheSameAsLintingTheirFile() {
    LoadedInput input = load("a.yaml", ROUTE.formatted("r") + "---\n" + CLIENT_IP_SERVICE);
    List<Finding> viaFile = new Engine().lint(input, V14).findings();
    assertTrue(viaFile.stream().anyMatch(f -> f.ruleId().equals("SPL110")), viaFile.toString());
    assertEquals(viaFile, new Engine().lint(input.resources(), V14));
  }

  @Test
  void aDisabledRuleReportsNothingAndALevelChangesItsSeverity() {
    LoadedInput input = load("a.yaml", "a: [\n---\n" + CLIENT_IP_SERVICE);
    LintOptions quiet =
        new LintOptions(
            GatewayApiVersion.V1_4,
            RuleSelection.of(List.of(), List.of("SPL001"), Map.of("SPL150", Severity.ERROR)));
    List<Finding> findings = new Engine().lint(input, quiet).findings();
    assertTrue(findings.stream().noneMatch(f -> f.ruleId().equals("SPL001")), findings.toString());
    assertEquals(
        Severity.ERROR,
        findings.stream()
            .filter(f -> f.ruleId().equals("SPL150"))
            .findFirst()
            .orElseThrow()
            .severity());
    // and a load problem is reported at the level given to its rule
    LintOptions loud =
        new LintOptions(
            GatewayApiVersion.V1_4,
            RuleSelection.of(List.of(), List.of(), Map.of("SPL001", Severity.WARNING)));
    assertEquals(
        Severity.WARNING,
        new Engine()
            .lint(input, loud).findings().stream()
                .filter(f -> f.ruleId().equals("SPL001"))
                .findFirst()
                .orElseThrow()
                .severity());
  }

  @Test
  void aRuleThatThrowsLosesOnlyItsOwnFindingsWhenIsolated() {
    List<dev.spl.rules.Rule> rules = new ArrayList<>(dev.spl.catalogue.BuiltInRules.all());
    rules.add(
        new dev.spl.rules.ResourceRule() {
          @Override
          public dev.spl.index.Inputs inputs() {
            return dev.spl.index.Inputs.EVERY_OBJECT;
          }

          @Override
          public dev.spl.rules.RuleInfo info() {
            return new dev.spl.rules.RuleInfo(
                "SPL999", "broken", dev.spl.model.Severity.ERROR, "s");
          }

          @Override
          public void check(
              dev.spl.model.Resource r, dev.spl.rules.RuleContext c, dev.spl.rules.Reporter rep) {
            if (r.kind().equals("Service")) {
              throw new IllegalStateException("boom");
            }
          }
        });
    String both = ROUTE.formatted("r") + "---\n" + CLIENT_IP_SERVICE;
    Engine.LintRun run =
        new Engine(rules).start(V14, Engine.RunMode.DEFAULT.isolatingRuleFailures());
    run.accept(load("a.yaml", both));
    List<Finding> found = run.finish(1, 2).findings();
    // every other rule still ran: the route meets the ClientIP Service (SPL110)
    assertTrue(found.stream().anyMatch(f -> f.ruleId().equals("SPL110")), found.toString());
    assertEquals(1, run.ruleFailures().size(), run.ruleFailures().toString());
    Engine.RuleFailure failure = run.ruleFailures().get(0);
    assertEquals("SPL999", failure.ruleId());
    assertTrue(failure.where().startsWith("Service shop/cart at a.yaml:"), failure.where());
    assertEquals("boom", failure.error().getMessage());
    // not isolated (tests, the webhook): the exception reaches the caller
    Engine.LintRun strict = new Engine(rules).start(V14);
    assertThrows(IllegalStateException.class, () -> strict.accept(load("a.yaml", both)));
    // a deadline is never taken for a rule's failure
    Engine.LintRun late =
        new Engine(rules)
            .start(
                V14, Engine.RunMode.DEFAULT.isolatingRuleFailures().until(System.nanoTime() - 1));
    assertThrows(LintDeadlineExceeded.class, () -> late.accept(load("a.yaml", both)));
  }

  /** Directory units of these names. */
  private static Set<dev.spl.index.Unit> units(String... names) {
    return java.util.Arrays.stream(names)
        .map(dev.spl.index.Unit::directory)
        .collect(java.util.stream.Collectors.toSet());
  }
}
