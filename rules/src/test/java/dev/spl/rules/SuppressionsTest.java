package dev.spl.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An ignore.spl.dev annotation names a rule by id or name, in any case, as SPL003 reads it. */
class SuppressionsTest {
  static List<String> found(String annotation) {
    String yaml =
        """
        apiVersion: v1
        kind: Service
        metadata:
          name: legacy
          namespace: shop
          annotations: {%s: "PROXY protocol keeps client addresses"}
        spec: {type: NodePort, sessionAffinity: ClientIP}
        """
            .formatted(annotation);
    return new Engine()
            .lint(new ManifestLoader().loadText("s.yaml", yaml), LintOptions.defaults())
            .findings()
            .stream()
            .map(Finding::ruleId)
            .toList();
  }

  @Test
  void theRuleIsNamedByIdOrNameInAnyCase() {
    assertEquals(List.of("SPL150"), found("other.example/note"));
    for (String key :
        List.of(
            "ignore.spl.dev/SPL150",
            "ignore.spl.dev/spl150",
            "IGNORE.SPL.DEV/Spl150",
            "ignore.spl.dev/client-ip-behind-snat",
            "ignore.spl.dev/Client-IP-Behind-SNAT")) {
      assertEquals(List.of(), found(key), key + " must suppress SPL150");
    }
    // another rule's annotation suppresses nothing here
    assertEquals(List.of("SPL150"), found("ignore.spl.dev/SPL151"));
  }
}
