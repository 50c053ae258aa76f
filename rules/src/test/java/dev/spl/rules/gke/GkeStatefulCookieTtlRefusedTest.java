package dev.spl.rules.gke;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GkeStatefulCookieTtlRefusedTest {
  static String object(String kind, String ttl) {
    return """
        apiVersion: networking.gke.io/v1
        kind: %s
        metadata: {name: p, namespace: ns}
        spec:
          statefulGeneratedCookie:
            cookieTtlSeconds: %s
        """
        .formatted(kind, ttl);
  }

  @ParameterizedTest
  @CsvSource({
    "GCPSessionAffinityPolicy, 0",
    "GCPSessionAffinityPolicy, 86401",
    "GCPSessionAffinityFilter, -1",
    "GCPSessionAffinityFilter, '\"300\"'",
    "GCPSessionAffinityFilter, 5m"
  })
  void lifetimesOutsideTheGssaRange(String kind, String ttl) {
    List<Finding> f = of("SPL709", object(kind, ttl));
    assertEquals(1, f.size(), kind + " " + ttl);
    assertEquals("spec.statefulGeneratedCookie.cookieTtlSeconds", f.get(0).field());
  }

  @ParameterizedTest
  @CsvSource({
    "GCPSessionAffinityPolicy, 1",
    "GCPSessionAffinityFilter, 86400",
    "GCPSessionAffinityPolicy, ~",
    "GCPBackendPolicy, 0"
  })
  void lifetimesItTakesOrDoesNotRead(String kind, String ttl) {
    assertTrue(of("SPL709", object(kind, ttl)).isEmpty(), kind + " " + ttl);
  }
}
