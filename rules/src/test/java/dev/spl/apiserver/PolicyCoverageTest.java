package dev.spl.apiserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.apiserver.policies.ApiServerPolicies;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Coverage is data on the rule, held to what exists: every rule has an API server policy or says
 * why not, never both, and no rule gets a reason by default.
 */
class PolicyCoverageTest {
  @Test
  void everyRuleHasAPolicyOrSaysWhyNotAndNeverBoth() {
    for (Rule rule : BuiltInRules.all()) {
      RuleDefinition declared = rule.getClass().getAnnotation(RuleDefinition.class);
      boolean hasPolicy = ApiServerPolicies.of(rule).isPresent();
      String id = rule.info().id();
      assertTrue(
          hasPolicy != (declared.noPolicyBecause() != dev.spl.rules.NoPolicy.NONE),
          id
              + (hasPolicy
                  ? " has a policy but declares noPolicyBecause"
                  : " has no policy in ApiServerPolicies and declares no noPolicyBecause"));
      assertFalse(hasPolicy && declared.lintOnly(), id + ": lint-only rules have no policy");
      assertEquals(hasPolicy, PolicyCoverage.of(rule).apiServer(), id);
      // the webhook's list, read from declarations, agrees with the coverage rule by rule
      assertEquals(
          PolicyCoverage.of(rule).validatedBeforeAdmission(),
          PolicyCoverage.validatedBeforeAdmission(java.util.List.of(rule)).contains(id),
          id);
    }
  }

  /** A policy is found by its rule's name: a class that matches no rule would never run. */
  @Test
  void everyPolicyClassIsFoundThroughItsRule() throws Exception {
    java.nio.file.Path dir = java.nio.file.Path.of("src/main/java/dev/spl/apiserver/policies");
    Set<String> found = new HashSet<>();
    ApiServerPolicies.all().forEach(p -> found.add(p.getClass().getSimpleName()));
    int classes = 0;
    try (var files = java.nio.file.Files.list(dir)) {
      for (java.nio.file.Path f : files.toList()) {
        String text = java.nio.file.Files.readString(f);
        String name = f.getFileName().toString().replace(".java", "");
        if (text.contains("class " + name + " implements ApiServerPolicy")) {
          classes++;
          assertTrue(
              found.contains(name),
              name + " is found through no rule: name it after its rule, <Rule>Policy");
        }
      }
    }
    assertEquals(classes, found.size());
    assertTrue(classes > 20, classes + " policy classes: the scan missed them");
  }

  @Test
  void everyPolicyIsForOneBuiltInRuleAndFiresSomewhere() {
    Set<Class<?>> rules = new HashSet<>();
    BuiltInRules.all().forEach(r -> rules.add(r.getClass()));
    Set<Class<?>> seen = new HashSet<>();
    for (ApiServerPolicy p : ApiServerPolicies.all()) {
      assertTrue(rules.contains(p.rule()), p.getClass() + " is for no built-in rule");
      assertTrue(seen.add(p.rule()), p.rule() + " has two policies");
      boolean anywhere = false;
      for (GatewayApiVersion v : GatewayApiVersion.values()) {
        anywhere |= p.policyCheck(v).isPresent();
      }
      assertTrue(anywhere, p.getClass() + " checks nothing at any version");
    }
  }

  @Test
  void aRuleThatSaysNothingHasNoCoverageByDefault() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> PolicyCoverage.of(new Silent()));
    assertTrue(e.getMessage().contains("SPL998"), e.getMessage());
  }

  @Test
  void whereFollowsTheDeclaration() {
    assertEquals("spl lint only", PolicyCoverage.of(BuiltInRules.find("SPL105").get()).where());
    assertEquals("webhook only", PolicyCoverage.of(BuiltInRules.find("SPL103").get()).where());
    // the CRD's CEL rule, its schema, a Service's own validation: the API server, before admission
    for (String id : java.util.List.of("SPL010", "SPL021", "SPL028")) {
      PolicyCoverage c = PolicyCoverage.of(BuiltInRules.find(id).get());
      assertEquals("API server validation", c.where(), id);
      assertTrue(c.validatedBeforeAdmission(), id);
    }
    assertFalse(PolicyCoverage.of(BuiltInRules.find("SPL103").get()).validatedBeforeAdmission());
    assertFalse(PolicyCoverage.of(BuiltInRules.find("SPL131").get()).validatedBeforeAdmission());
    assertEquals("API server policy", PolicyCoverage.of(BuiltInRules.find("SPL131").get()).where());
    PolicyCoverage partly = PolicyCoverage.of(BuiltInRules.find("SPL140").get());
    assertEquals("API server policy, in part", partly.where());
    assertTrue(partly.why().contains("policies on the route's backends"), partly.why());
    assertEquals(
        "its input is the object alone (main, gep-1619-backend)",
        PolicyCoverage.of(BuiltInRules.find("SPL131").get()).why());
  }

  @Test
  void ingressNginxRulesWithoutAPolicySayWhy() {
    for (Rule rule : BuiltInRules.all()) {
      if (!rule.getClass().getPackageName().endsWith(".nginx")
          || ApiServerPolicies.of(rule).isPresent()
          || rule instanceof IndexRule) {
        continue;
      }
      PolicyCoverage c = PolicyCoverage.of(rule);
      // an Ingress has no CRD schema: a schema reason would be false for it
      assertTrue(c.why().contains("ingress-nginx"), rule.info().id() + ": " + c.why());
    }
  }

  @RuleDefinition(id = "SPL998", name = "silent", severity = Severity.INFO, summary = "s")
  static final class Silent implements Rule {
    @Override
    public dev.spl.index.Inputs inputs() {
      return dev.spl.index.Inputs.NONE;
    }
  }
}
