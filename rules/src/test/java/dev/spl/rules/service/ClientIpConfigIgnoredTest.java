package dev.spl.rules.service;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClientIpConfigIgnoredTest {
  private static String service(String affinity, String config) {
    return """
        apiVersion: v1
        kind: Service
        metadata: {name: s}
        spec:
        %s
          sessionAffinityConfig:%s
            clientIP: {timeoutSeconds: 600}
          ports: [{port: 80}]
        """
        .formatted(affinity == null ? "" : "  sessionAffinity: " + affinity, config);
  }

  @Test
  void aConfigUnderNoneOrNoAffinityDoesNothing() {
    assertMarked(
        "SPL154",
        service(
            "None", "  # expect: SPL154 \"sessionAffinity is None and the API server drops it\""));
    assertMarked("SPL154", service(null, "  # expect: SPL154 \"sessionAffinity is unset (None)\""));
  }

  @Test
  void aConfigUnderClientIpIsRead() {
    assertTrue(of("SPL154", service("ClientIP", "")).isEmpty());
  }
}
