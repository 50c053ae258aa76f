package dev.spl.rules.istio;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.istio.IstioCookieHashPassiveTest.HEAD;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class IstioLoadBalancerConflictTest {
  @Test
  void bothSet() {
    var f =
        assertMarked(
                "SPL302",
                HEAD
                    + "  trafficPolicy:\n    loadBalancer:\n      simple: LEAST_REQUEST\n"
                    + "      consistentHash: {httpHeaderName: x-user}  # expect: SPL302 \"one of\"\n")
            .get(0);
    assertTrue(f.severity() == Severity.ERROR);
  }

  @Test
  void onlyOneOrAtDifferentLevelsPasses() {
    assertTrue(
        of(
                "SPL302",
                HEAD
                    + "  trafficPolicy:\n    loadBalancer: {simple: ROUND_ROBIN}\n"
                    + "  subsets:\n  - name: v1\n    trafficPolicy:\n"
                    + "      loadBalancer: {consistentHash: {useSourceIp: true}}\n")
            .isEmpty());
  }
}
