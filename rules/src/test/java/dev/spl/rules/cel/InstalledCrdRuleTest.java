package dev.spl.rules.cel;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

/** The installed CRD's own CEL rules decide, with its messages, where a CRD is in sight. */
class InstalledCrdRuleTest {
  static final String PERMANENT =
      "!has(self.cookie) || !has(self.cookie.lifetimeType) || self.cookie.lifetimeType !="
          + " 'Permanent' || has(self.absoluteTimeout)";

  /** An HTTPRoute CRD of a release newer than spl, main's shape, with these rules. */
  static CrdsInSight crd(String... rulesAndMessages) {
    StringBuilder rules = new StringBuilder();
    for (int i = 0; i < rulesAndMessages.length; i += 2) {
      rules
          .append(i == 0 ? "" : ", ")
          .append("{rule: \"")
          .append(rulesAndMessages[i])
          .append("\", message: \"")
          .append(rulesAndMessages[i + 1])
          .append("\"}");
    }
    return TestCrds.inSight(
        TestCrds.httpRoute(
            "v1.7.0",
            null,
            "{properties: {cookie: {}, header: {}, absoluteTimeout: {}, type: {}},"
                + " x-kubernetes-validations: ["
                + rules
                + "]}"));
  }

  static List<Finding> lint(String persistence, CrdsInSight crds) {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            sessionPersistence: %s
        """
            .formatted(persistence);
    Engine.LintRun run =
        new Engine().start(LintOptions.defaults().withVersion(GatewayApiVersion.MAIN));
    run.accept(
        new ManifestLoader().loadText("r.yaml", route), GatewayApiVersion.MAIN, Set.of(), crds);
    return run.finish(1, 1).findings();
  }

  @Test
  void aRuleSplDoesNotHoldIsEvaluatedWithItsOwnMessage() {
    CrdsInSight crds =
        crd(
            PERMANENT,
            "AbsoluteTimeout must be specified when cookie lifetimeType is Permanent",
            "!has(self.absoluteTimeout) || duration(self.absoluteTimeout) >= duration('1m')",
            "absoluteTimeout must be at least 1m");
    List<Finding> found = lint("{cookie: {name: c}, absoluteTimeout: 30s}", crds);
    assertEquals(1, found.size(), found.toString());
    assertEquals("SPL032", found.get(0).ruleId());
    assertEquals(
        "absoluteTimeout must be at least 1m (the installed CRD's rule)", found.get(0).message());
    assertEquals(List.of(), lint("{cookie: {name: c}, absoluteTimeout: 2h}", crds));
  }

  @Test
  void splsOwnRuleSpeaksWithTheInstalledMessageAndOnlyWhereTheCrdHasIt() {
    List<Finding> found =
        lint(
            "{cookie: {name: c, lifetimeType: Permanent}}",
            crd(PERMANENT, "a vendor's words for the Permanent rule"));
    assertEquals(List.of("SPL010"), found.stream().map(Finding::ruleId).toList());
    assertEquals(
        "a vendor's words for the Permanent rule; add absoluteTimeout, e.g. 24h",
        found.get(0).message());
    // A CRD without the rule does not refuse the object: neither does spl.
    assertEquals(
        List.of(),
        lint(
            "{cookie: {name: c, lifetimeType: Permanent}}",
            crd("has(self.type)", "type is defaulted")));
  }

  @Test
  void theRulesSplHoldsAreTheCatalogues() {
    assertEquals(
        BuiltInRules.all().stream()
            .filter(r -> r instanceof CrdValidationRule)
            .map(r -> r.getClass())
            .sorted(java.util.Comparator.comparing(Class::getName))
            .toList(),
        InstalledCrdRule.SPLS_OWN.stream()
            .map(r -> r.getClass())
            .sorted(java.util.Comparator.comparing(Class::getName))
            .toList());
  }
}
