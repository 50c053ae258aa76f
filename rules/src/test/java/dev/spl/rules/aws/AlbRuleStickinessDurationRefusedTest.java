package dev.spl.rules.aws;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlbRuleStickinessDurationRefusedTest {
  static String config(String duration) {
    return """
        apiVersion: gateway.k8s.aws/v1beta1
        kind: ListenerRuleConfiguration
        metadata: {name: lrc, namespace: ns}
        spec:
          actions:
            - type: fixed-response
              fixedResponseConfig: {statusCode: 404}
            - type: forward
              forwardConfig:
                targetGroupStickinessConfig:
                  enabled: true
                  durationSeconds: %s
        """
        .formatted(duration);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-5", "604801", "'3600'", "1h", "60.5"})
  void durationsTheCrdRefuses(String duration) {
    List<Finding> f = of("SPL605", config(duration));
    assertEquals(1, f.size(), duration);
    assertEquals(
        "spec.actions[1].forwardConfig.targetGroupStickinessConfig.durationSeconds",
        f.get(0).field());
  }

  @ParameterizedTest
  @ValueSource(strings = {"1", "3600", "604800", "~"})
  void durationsItTakes(String duration) {
    assertTrue(of("SPL605", config(duration)).isEmpty(), duration);
  }

  @Test
  void otherKindsWithTheSameShapeAreNotRead() {
    String yaml = config("0").replace("ListenerRuleConfiguration", "LoadBalancerConfiguration");
    assertTrue(of("SPL605", yaml).isEmpty());
  }
}
