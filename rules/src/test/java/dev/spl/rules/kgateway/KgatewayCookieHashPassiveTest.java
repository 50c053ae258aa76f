package dev.spl.rules.kgateway;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KgatewayCookieHashPassiveTest {
  /** A BackendConfigPolicy for Service shop/cart whose loadBalancer is these lines. */
  private static String policy(String... loadBalancerLines) {
    StringBuilder out =
        new StringBuilder(
            """
            apiVersion: gateway.kgateway.dev/v1alpha1
            kind: BackendConfigPolicy
            metadata: {name: cart, namespace: shop}
            spec:
              targetRefs: [{group: "", kind: Service, name: cart}]
              loadBalancer:
            """);
    for (String line : loadBalancerLines) {
      out.append("    ").append(line).append('\n');
    }
    return out.toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ringHash", "maglev"})
  void aCookieWithoutTtlIsWarnedUnderEitherHashingBalancer(String balancer) {
    var found =
        assertMarked(
            "SPL451",
            policy(
                balancer + ":",
                "  hashPolicies:",
                "  - sourceIP: {}",
                "  - cookie: {name: sid}  # expect: SPL451 \"hash cookie \"sid\" has no ttl\""));
    assertEquals(Severity.WARNING, found.get(0).severity());
    assertEquals("spec.loadBalancer." + balancer + ".hashPolicies[1].cookie", found.get(0).field());
  }

  @Test
  void eachPassiveCookieIsOneFinding() {
    assertMarked(
        "SPL451",
        policy(
            "ringHash:",
            "  hashPolicies:",
            "  - cookie: {name: a}  # expect: SPL451 \"cookie \"a\"\"",
            "  - cookie: {name: b, ttl: 1h}",
            "  - cookie: {name: c}  # expect: SPL451 \"cookie \"c\"\""));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ringHash: {hashPolicies: [{cookie: {name: sid, ttl: 30m}}]}",
        "maglev: {hashPolicies: [{cookie: {name: sid, ttl: 0s}}]}",
        "ringHash: {hashPolicies: [{header: {name: x-user}}, {sourceIP: {}}]}",
        // pruned by the schema under a balancer that does not hash: another problem
        "roundRobin: {hashPolicies: [{cookie: {name: sid}}]}",
        "leastRequest: {choiceCount: 2}"
      })
  void whatEnvoySetsOrDoesNotHashPasses(String line) {
    assertTrue(of("SPL451", policy(line)).isEmpty());
  }

  @Test
  void otherKindsPass() {
    String yaml =
        "apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: BackendConfigPolicy\n"
            + "metadata: {name: cart, namespace: shop}\n"
            + "spec: {loadBalancer: {ringHash: {hashPolicies: [{cookie: {name: sid}}]}}}\n";
    assertTrue(of("SPL451", yaml).isEmpty());
  }
}
