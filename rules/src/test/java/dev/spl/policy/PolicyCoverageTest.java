package dev.spl.policy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.rules.BuiltInRules;
import dev.spl.rules.Rule;
import org.junit.jupiter.api.Test;

/** Where each rule can be enforced is said truly: no rule gets another family's reason. */
class PolicyCoverageTest {
  @Test
  void ingressNginxRulesWithoutAPolicySayWhy() {
    for (Rule rule : BuiltInRules.all()) {
      if (!rule.getClass().getPackageName().endsWith(".nginx")
          || rule instanceof ApiServerPolicy
          || rule instanceof dev.spl.rules.IndexRule) {
        continue;
      }
      PolicyCoverage c = PolicyCoverage.of(rule);
      // an Ingress has no CRD schema: the default reason would be false for it
      assertTrue(c.why().contains("ingress-nginx"), rule.info().id() + ": " + c.why());
    }
  }
}
