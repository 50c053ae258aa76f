package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InvalidDurationTest {

  @Test
  void daysAreNotAUnit() {
    assertMarked(
        "SPL021",
        backend("{absoluteTimeout: 7d, cookie: {name: s}}  # expect: SPL021 \"write 168h\""));
    // found by the fuzzer: more days than a long holds in hours
    assertMarked(
        "SPL021",
        backend(
            "{absoluteTimeout: 222222222222222222222221d, cookie: {name: s}}  # expect: SPL021 \"at most 5 digits\""));
  }

  @Test
  void idleTimeoutIsCheckedWhereItExists() {
    assertMarked(
        "SPL021",
        route("{idleTimeout: 10 m}  # expect: SPL021 \"remove the spaces\""),
        GatewayApiVersion.V1_5);
    // a unit written out is named, with the form to write (removing the space gives 30min)
    assertMarked(
        "SPL021",
        route("{idleTimeout: 30 min}  # expect: SPL021 \"is not a unit: write 30m\""),
        GatewayApiVersion.V1_5);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.5h", "-1s", "1h1m1s1ms1h", "100000s", "1us", "PT1H", "1H", "\"\""})
  void rejected(String value) {
    assertEquals(
        1,
        of("SPL021", backend("{absoluteTimeout: " + value + ", cookie: {name: s}}")).size(),
        value);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0s", "1h", "1h30m", "500ms", "99999h", "1s1s", "1ms1h", "1h2m3s4ms"})
  void accepted(String value) {
    assertTrue(
        of("SPL021", backend("{absoluteTimeout: " + value + ", cookie: {name: s}}")).isEmpty(),
        value);
  }

  private static String routeRule(String rule) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: a}]
        """
        + "    "
        + rule
        + "\n";
  }

  @Test
  void routeTimeoutsAreDurationsToo() {
    assertMarked(
        "SPL021",
        routeRule(
            "timeouts: {request: 1.5s}  # expect: SPL021 \"request \"1.5s\" is not a GEP-2257 duration; decimals\""),
        GatewayApiVersion.V1_6);
  }

  @Test
  void backendRequestMayNotExceedANonZeroRequest() {
    assertMarked(
        "SPL021",
        routeRule(
            "timeouts: {request: 10s, backendRequest: 1m}  # expect: SPL021 \"backendRequest 1m is longer than request 10s\""),
        GatewayApiVersion.V1_4);
    // request 0s disables the request timeout: any backendRequest is fine
    assertTrue(
        of(
                "SPL021",
                routeRule("timeouts: {request: 0s, backendRequest: 1m}"),
                GatewayApiVersion.V1_4)
            .isEmpty());
    assertTrue(
        of(
                "SPL021",
                routeRule("timeouts: {request: 1m, backendRequest: 60s}"),
                GatewayApiVersion.V1_4)
            .isEmpty());
  }

  @Test
  void retryBackoffFromV12() {
    String bad = routeRule("retry: {attempts: 2, backoff: 1d}");
    assertMarked(
        "SPL021",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: a}]
            retry: {attempts: 2, backoff: 1d}  # expect: SPL021 "write 24h"
        """,
        GatewayApiVersion.V1_2);
    assertTrue(of("SPL021", bad, GatewayApiVersion.V1_1).isEmpty());
  }

  @Test
  void retryBudgetIntervalsOfXBackendTrafficPolicy() {
    String policy =
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          retryConstraint:
            budget: {percent: 20, interval: %s}
            minRetryRate: {count: 10, interval: %s}
        """;
    assertMarked(
        "SPL021",
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          retryConstraint:
            budget: {percent: 20, interval: 2h}  # expect: SPL021 "retry budget interval 2h is outside 1s..1h"
            minRetryRate: {count: 10, interval: 1s}
        """,
        GatewayApiVersion.V1_4);
    assertMarked(
        "SPL021",
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          retryConstraint:
            budget: {percent: 20, interval: 10s}
            minRetryRate: {count: 10, interval: 0s}  # expect: SPL021 "minRetryRate interval 0s must be over 0s"
        """,
        GatewayApiVersion.V1_4);
    assertMarked(
        "SPL021",
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackendTrafficPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: a}]
          retryConstraint:
            budget: {percent: 20, interval: 10s}
            minRetryRate: {count: 10, interval: 1 s}  # expect: SPL021 "spaces"
        """,
        GatewayApiVersion.V1_6);
    assertTrue(of("SPL021", policy.formatted("10s", "1s"), GatewayApiVersion.V1_4).isEmpty());
    // Envoy Gateway's own BackendTrafficPolicy is another API
    assertTrue(
        of(
                "SPL021",
                policy
                    .formatted("2h", "0s")
                    .replace(
                        "gateway.networking.x-k8s.io/v1alpha1", "gateway.envoyproxy.io/v1alpha1")
                    .replace("XBackendTrafficPolicy", "BackendTrafficPolicy"),
                GatewayApiVersion.V1_4)
            .isEmpty());
  }

  @Test
  void aBareNumberNamesBothReadingsAndIsNotFixed() {
    var found =
        assertMarked(
            "SPL021",
            route(
                "{absoluteTimeout: \"3600\", cookie: {name: s}}  # expect: SPL021"
                    + " \"a number needs a unit: 1h (3600s) or 3s600ms (3600ms)?\""));
    assertEquals(null, found.get(0).fix());
    // zero is zero in either unit: that one is certain
    var zero =
        assertMarked(
            "SPL021",
            route("{absoluteTimeout: \"0\", cookie: {name: s}}  # expect: SPL021 \"write 0s\""));
    assertEquals("0s", zero.get(0).fix().edits().get(0).value());
  }
}
