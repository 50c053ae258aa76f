package dev.spl.rules.cel;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.markedRoute;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class PermanentNeedsAbsoluteTimeoutTest {

  @Test
  void permanentCookieWithoutTimeoutOnLatest() {
    var findings =
        assertMarked(
            "SPL010",
            """
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: Backend
            metadata: {name: cart, namespace: shop}
            spec:
              type: EndpointSelector
              endpointSelector:
                selector: {matchLabels: {app: cart}}
                sessionPersistence:  # expect: SPL010 "AbsoluteTimeout must be specified when cookie lifetimeType is Permanent"
                  cookie:
                    name: s
                    lifetimeType: Permanent
            """);
    assertEquals("spec.endpointSelector.sessionPersistence", findings.get(0).field());
  }

  @Test
  void permanentCookieWithTimeoutPasses() {
    assertTrue(
        of(
                "SPL010",
                backend(
                    """
        absoluteTimeout: 1h
        cookie: {name: s, lifetimeType: Permanent}
        """))
            .isEmpty());
  }

  @Test
  void sessionCookieNeedsNoTimeout() {
    assertTrue(of("SPL010", backend("cookie: {name: s}")).isEmpty());
  }

  @Test
  void aPatternErrorDoesNotStopTheRule() {
    // absoluteTimeout "1d" is present (pattern error only), so the CEL rule still runs and passes.
    assertTrue(
        of(
                "SPL010",
                backend(
                    """
        absoluteTimeout: 1d
        cookie: {name: s, lifetimeType: Permanent}
        """))
            .isEmpty());
  }

  @Test
  void anEnumErrorStopsTheRule() {
    assertTrue(
        of(
                "SPL010",
                backend(
                    """
        type: cookie
        cookie: {name: s, lifetimeType: Permanent}
        """))
            .isEmpty());
  }

  /** Upstream gateway-api pkg/test/cel session persistence cases, v1.x shape, on v1.1.1-v1.6. */
  @ParameterizedTest(name = "{0} on v1.x")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      valid no cookie              | {sessionName: foo, type: Cookie}                                                      | 0
      valid session cookie         | {sessionName: foo, type: Cookie, cookieConfig: {lifetimeType: Session}}               | 0
      invalid permanent cookie     | {sessionName: foo, type: Cookie, cookieConfig: {lifetimeType: Permanent}}             | 1
      valid permanent cookie       | {sessionName: foo, absoluteTimeout: 1h, type: Cookie, cookieConfig: {lifetimeType: Permanent}} | 0
      valid header-based           | {sessionName: foo, type: Header}                                                      | 0
      """)
  void upstreamCases(String name, String persistence, int expected) {
    for (GatewayApiVersion v :
        new GatewayApiVersion[] {
          GatewayApiVersion.V1_1,
          GatewayApiVersion.V1_2,
          GatewayApiVersion.V1_4,
          GatewayApiVersion.V1_6
        }) {
      assertEquals(expected, of("SPL010", route(persistence), v).size(), name + " on " + v);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = GatewayApiVersion.class,
      names = {"V1_1_0"})
  void v110RejectsEverySessionPersistenceWithoutCookieConfig(GatewayApiVersion v110) {
    assertMarked(
        "SPL010",
        markedRoute(
            "# expect: SPL010 \"no such key: cookieConfig\"", "{sessionName: foo, type: Header}"),
        v110);
    assertMarked(
        "SPL010", markedRoute("# expect: SPL010 \"cookieConfig: {}\"", "{sessionName: foo}"), v110);
    assertTrue(of("SPL010", route("{sessionName: foo, cookieConfig: {}}"), v110).isEmpty());
    assertMarked(
        "SPL010",
        markedRoute(
            "# expect: SPL010 \"AbsoluteTimeout must be specified\"",
            "{cookieConfig: {lifetimeType: Permanent}}"),
        v110);
  }

  @Test
  void v111FixedTheDefect() {
    assertTrue(
        of("SPL010", route("{sessionName: foo, type: Header}"), GatewayApiVersion.V1_1).isEmpty());
  }
}
