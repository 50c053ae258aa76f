package dev.spl.rules.service;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InvalidAffinityTimeoutTest {
  static String service(String affinity, String timeout) {
    return """
        apiVersion: v1
        kind: Service
        metadata: {name: s}
        spec:
          sessionAffinity: %s
          sessionAffinityConfig:
            clientIP:
              timeoutSeconds: %s
        """
        .formatted(affinity, timeout);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "86401"})
  void outOfRange(String seconds) {
    assertMarked(
        "SPL028", service("ClientIP", seconds + "  # expect: SPL028 \"outside 1..86400\""));
  }

  @Test
  void notAnInteger() {
    assertMarked(
        "SPL028",
        """
        apiVersion: v1
        kind: Service
        metadata: {name: s}
        spec:
          sessionAffinity: ClientIP
          sessionAffinityConfig:
            clientIP:
              timeoutSeconds: "600"  # expect: SPL028 "not string"
        """);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1", "10800", "86400", "null"})
  void inRangeOrDefaulted(String seconds) {
    assertTrue(of("SPL028", service("ClientIP", seconds)).isEmpty());
  }

  @Test
  void aConfigWithoutClientIpIsNotRefused() {
    // SetDefaults_Service clears it before validation: accepted (SPL154 says it does nothing)
    assertTrue(
        of(
                "SPL028",
                """
                apiVersion: v1
                kind: Service
                metadata: {name: s}
                spec:
                  sessionAffinity: None
                  sessionAffinityConfig: {clientIP: {timeoutSeconds: 0}}
                """)
            .isEmpty());
  }
}
