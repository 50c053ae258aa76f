package dev.spl.rules.input;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SuppressionWithoutReasonTest {
  static String service(String annotation) {
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: s
          annotations:
            %s
        spec:
          type: NodePort
          sessionAffinity: ClientIP
        """
        .formatted(annotation);
  }

  @Test
  void emptyReasonWarnsButStillSuppresses() {
    String yaml = service("ignore.spl.dev/SPL150: \"\"");
    assertMarked(
        "SPL003",
        """
        apiVersion: v1
        kind: Service
        metadata:
          name: s
          annotations:
            ignore.spl.dev/SPL150: ""  # expect: SPL003 "has no reason"
        spec:
          type: NodePort
          sessionAffinity: ClientIP
        """);
    assertTrue(of("SPL150", yaml).isEmpty());
  }

  @Test
  void unknownRuleIsReported() {
    assertMarked(
        "SPL003",
        service("ignore.spl.dev/SPL999: \"typo\"  # expect: SPL003 \"names no spl rule\""));
  }

  @Test
  void suppressionByNameWithReason() {
    String yaml =
        service("ignore.spl.dev/client-ip-behind-snat: \"PROXY protocol keeps client IPs\"");
    assertTrue(of("SPL003", yaml).isEmpty());
    assertTrue(of("SPL150", yaml).isEmpty());
  }

  @Test
  void withoutAnnotationTheRuleFires() {
    assertTrue(of("SPL150", service("other: x")).size() == 1);
  }
}
