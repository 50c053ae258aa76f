package dev.spl.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.TestCrds;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PersistencePrunedByInstalledCrdsTest {
  static final String STICKY = "{properties: {sessionName: {type: string}}}";

  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: cart, namespace: shop}
      spec:
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: cart}
      ---
      apiVersion: gateway.networking.x-k8s.io/v1alpha1
      kind: XBackendTrafficPolicy
      metadata: {name: cart, namespace: shop}
      spec:
        targetRefs: [{group: "", kind: Service, name: cart}]
        sessionPersistence: {sessionName: cart}
      """;

  static List<Finding> lint(CrdsInSight crds) {
    Engine.LintRun run =
        new Engine(List.of(BuiltInRules.find("SPL031").orElseThrow()))
            .start(LintOptions.defaults().withVersion(GatewayApiVersion.V1_4));
    run.accept(
        new ManifestLoader().loadText("r.yaml", ROUTE), GatewayApiVersion.V1_4, Set.of(), crds);
    return run.finish(1, 2).findings();
  }

  @Test
  void aStandardRouteCrdPrunesTheFieldAndAStandardBundleHasNoPolicyKind() {
    List<Finding> found = lint(TestCrds.inSight(TestCrds.httpRoute("v1.4.1", "standard", null)));
    assertEquals(2, found.size(), found.toString());
    assertEquals(
        "HTTPRoute's CRD (standard channel) has no sessionPersistence: the API server drops it;"
            + " install the experimental CRDs",
        found.get(0).message());
    assertEquals("crds.yaml", found.get(0).related().get(0).position().file());
    assertTrue(
        found
            .get(1)
            .message()
            .startsWith("the standard-channel CRDs have no XBackendTrafficPolicy"),
        found.get(1).message());
  }

  @Test
  void theSchemaDecidesWhenTheAnnotationSaysNoChannel() {
    List<Finding> found = lint(TestCrds.inSight(TestCrds.httpRoute("v1.4.1", null, null)));
    assertEquals(1, found.size(), found.toString()); // no channel: the policy kind may exist
    assertTrue(found.get(0).message().contains("(no channel)"), found.get(0).message());
  }

  @Test
  void experimentalCrdsOrNoneInSightSayNothing() {
    assertEquals(
        List.of(), lint(TestCrds.inSight(TestCrds.httpRoute("v1.4.1", "experimental", STICKY))));
    assertEquals(List.of(), lint(null));
  }

  @Test
  void whatTheStandardCrdPrunesNoOtherRuleJudges() {
    // Permanent without absoluteTimeout: SPL010 under the experimental CRD; under the standard
    // one the field never reaches its CEL rules, and "dropped" is the whole truth
    String permanent =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            sessionPersistence: {sessionName: cart, cookieConfig: {lifetimeType: Permanent}}
        """;
    for (String channel : List.of("standard", "none")) {
      Engine.LintRun run =
          new Engine().start(LintOptions.defaults().withVersion(GatewayApiVersion.V1_4));
      // the control: no CRDs in sight, so the built-in v1.4 rules judge
      CrdsInSight crds =
          channel.equals("standard")
              ? TestCrds.inSight(TestCrds.httpRoute("v1.4.1", channel, null))
              : null;
      run.accept(
          new ManifestLoader().loadText("r.yaml", permanent),
          GatewayApiVersion.V1_4,
          Set.of(),
          crds);
      List<String> rules = run.finish(1, 1).findings().stream().map(Finding::ruleId).toList();
      assertEquals(
          channel.equals("standard") ? List.of("SPL031") : List.of("SPL010"),
          rules.stream().filter(r -> r.equals("SPL031") || r.equals("SPL010")).toList(),
          channel + ": " + rules);
    }
  }
}
