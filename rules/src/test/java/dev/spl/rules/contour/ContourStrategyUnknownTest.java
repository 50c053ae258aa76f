package dev.spl.rules.contour;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.contour.ContourYaml.routePolicy;
import static dev.spl.rules.contour.ContourYaml.tcpPolicy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ContourStrategyUnknownTest {
  @ParameterizedTest
  @CsvSource({
    "cookie, Cookie",
    "COOKIE, Cookie",
    "Sticky, Cookie",
    "session-affinity, Cookie",
    "requesthash, RequestHash",
    "Request_Hash, RequestHash",
    "ConsistentHash, RequestHash"
  })
  void stickyMeaningStrategiesContourDoesNotKnow(String strategy, String fix) {
    var found =
        assertMarked(
            "SPL801",
            routePolicy(
                "strategy: "
                    + strategy
                    + "  # expect: SPL801 \"no strategy \""
                    + strategy
                    + "\" (names are case-sensitive) and balances RoundRobin: write "
                    + fix
                    + "\""));
    assertEquals(Severity.ERROR, found.get(0).severity());
  }

  @Test
  void onTheTcpProxyToo() {
    assertMarked("SPL801", tcpPolicy("strategy: cookie  # expect: SPL801 \"write Cookie\""));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Cookie",
        "RequestHash",
        "RoundRobin",
        "Random",
        "WeightedLeastRequest",
        "LeastRequest",
        "roundrobin",
        "Maglev"
      })
  void knownOrNotAboutSessions(String strategy) {
    assertTrue(of("SPL801", routePolicy("strategy: " + strategy)).isEmpty());
  }

  @Test
  void strategiesLongerThanAnyMisspellingAreNotRead() {
    String longest = "x".repeat(ContourStrategyUnknown.LONGEST - 6) + "Sticky";
    assertMarked(
        "SPL801", routePolicy("strategy: " + longest + "  # expect: SPL801 \"write Cookie\""));
    assertTrue(of("SPL801", routePolicy("strategy: x" + longest)).isEmpty());
  }

  @Test
  void otherKindsAndMissingStrategiesPass() {
    assertTrue(of("SPL801", routePolicy("requestHashPolicies: []")).isEmpty());
    assertTrue(
        of(
                "SPL801",
                routePolicy("strategy: cookie").replace("projectcontour.io/v1", "example.com/v1"))
            .isEmpty());
  }
}
