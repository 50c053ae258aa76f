package dev.spl.rules.contour;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.contour.ContourYaml.routePolicy;
import static dev.spl.rules.contour.ContourYaml.tcpPolicy;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContourRequestHashIgnoredTest {
  @Test
  void noEntryListed() {
    assertMarked(
        "SPL802", routePolicy("strategy: RequestHash  # expect: SPL802 \"(none is listed)\""));
    assertMarked(
        "SPL802",
        routePolicy(
            """
            strategy: RequestHash  # expect: SPL802 "(none is listed)"
            requestHashPolicies: []
            """));
  }

  @Test
  void everyEntryDropped() {
    assertMarked(
        "SPL802",
        routePolicy(
            """
            strategy: RequestHash
            requestHashPolicies:  # expect: SPL802 "(entry 0 hashes on 0 attributes, not 1)"
              - hashSourceIP: false
              - headerHashOptions: {headerName: "X A"}
              - headerHashOptions:
                  headerName: X-A
                queryParameterHashOptions:
                  parameterName: a
              - "not a map"
            """));
  }

  @Test
  void theFirstReasonIsGiven() {
    assertMarked(
        "SPL802",
        routePolicy(
            """
            strategy: RequestHash
            requestHashPolicies:  # expect: SPL802 "(entry 0 has no valid headerName)"
              - headerHashOptions:
                  headerName: "X Session"
            """));
    // as Contour's own example writes it (examples/example-workload/httpproxy/03-routes): the
    // schema prunes name and headerName is required, so the API server refuses it first
    assertMarked(
        "SPL802",
        routePolicy(
            """
            strategy: RequestHash
            requestHashPolicies:  # expect: SPL802 "the API server refuses this HTTPProxy: entry 0 needs headerHashOptions.headerName (name is no field)"
              - headerHashOptions:
                  name: X-Some-Header
                terminal: true
              - headerHashOptions:
                  name: User-Agent
            """));
    assertMarked(
        "SPL802",
        routePolicy(
            """
            strategy: RequestHash
            requestHashPolicies:  # expect: SPL802 "refuses this HTTPProxy: entry 1 needs queryParameterHashOptions.parameterName"
              - hashSourceIP: true
              - queryParameterHashOptions: {parameterName: ""}
            """));
    assertMarked(
        "SPL802",
        routePolicy(
            """
            strategy: RequestHash
            requestHashPolicies:  # expect: SPL802 "(entry 0 is not a map)"
              - hashSourceIP
            """));
  }

  @Test
  void oneKeptEntryIsEnough() {
    for (String kept :
        new String[] {
          "- hashSourceIP: true",
          "- headerHashOptions:\n    headerName: X-Session",
          "- queryParameterHashOptions:\n    parameterName: session"
        }) {
      String yaml =
          routePolicy(
              "strategy: RequestHash\nrequestHashPolicies:\n  - headerHashOptions: {headerName: 'X a'}\n"
                  + kept.indent(2));
      assertTrue(of("SPL802", yaml).isEmpty(), yaml);
    }
  }

  @Test
  void otherStrategiesAndTheTcpProxyPass() {
    assertTrue(of("SPL802", routePolicy("strategy: Cookie")).isEmpty());
    assertTrue(of("SPL802", routePolicy("strategy: requesthash")).isEmpty());
    assertTrue(of("SPL802", tcpPolicy("strategy: RequestHash")).isEmpty());
  }
}
