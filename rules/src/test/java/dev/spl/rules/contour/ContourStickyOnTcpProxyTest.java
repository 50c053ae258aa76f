package dev.spl.rules.contour;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.contour.ContourYaml.routePolicy;
import static dev.spl.rules.contour.ContourYaml.tcpPolicy;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContourStickyOnTcpProxyTest {
  @ParameterizedTest
  @ValueSource(strings = {"Cookie", "RequestHash"})
  void stickyStrategiesOnATcpProxy(String strategy) {
    assertMarked(
        "SPL803",
        tcpPolicy(
            "strategy: "
                + strategy
                + "  # expect: SPL803 \"Contour ignores "
                + strategy
                + " on a tcpproxy\""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"RoundRobin", "Random", "WeightedLeastRequest", "cookie"})
  void otherStrategiesOnATcpProxyPass(String strategy) {
    assertTrue(of("SPL803", tcpPolicy("strategy: " + strategy)).isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"Cookie", "RequestHash"})
  void stickyStrategiesOnRoutesPass(String strategy) {
    assertTrue(of("SPL803", routePolicy("strategy: " + strategy)).isEmpty());
  }
}
