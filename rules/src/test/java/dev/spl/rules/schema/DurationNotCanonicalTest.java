package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.GatewayDuration;
import org.junit.jupiter.api.Test;

class DurationNotCanonicalTest {
  @Test
  void repeatedAndReorderedUnitsAreNamedWithTheirStandardForm() {
    assertMarked(
        "SPL030",
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart}]
            sessionPersistence:
              sessionName: s
              absoluteTimeout: 1s500ms1s  # expect: SPL030 "repeats or reorders units; GEP-2257 says not to rely on it: write 2s500ms"
        """,
        GatewayApiVersion.V1_6);
  }

  @Test
  void inOrderOnceEachIsQuietHoweverItCarries() {
    for (String d : new String[] {"2h", "1h30m", "90m", "1h90m", "0s", "1h2m3s4ms"}) {
      assertTrue(
          of("SPL030", Lint.markedRoute("", "{sessionName: s, absoluteTimeout: " + d + "}"))
              .isEmpty(),
          d);
    }
  }

  @Test
  void theOrderOfUnitsIsHoursMinutesSecondsMilliseconds() {
    assertTrue(GatewayDuration.parse("1m1h").repeatsOrReordersUnits());
    assertTrue(GatewayDuration.parse("1ms1s").repeatsOrReordersUnits());
    assertTrue(GatewayDuration.parse("1s1s").repeatsOrReordersUnits());
    assertEquals(false, GatewayDuration.parse("1h1m1s1ms").repeatsOrReordersUnits());
    assertEquals(false, GatewayDuration.parse("5ms").repeatsOrReordersUnits());
  }
}
