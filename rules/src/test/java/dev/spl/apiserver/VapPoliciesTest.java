package dev.spl.apiserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.RuleSelection;
import dev.spl.config.SplConfig;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a webhook beside the policies may skip, and how variables reach the manifests. */
class VapPoliciesTest {
  final List<VapPolicies.Policy> main =
      VapPolicies.build(GatewayApiVersion.MAIN, SplConfig.none(), RuleSelection.all());

  @Test
  void aRuleCoveredInPartStaysWithTheWebhook() {
    List<String> whole = VapPolicies.enforcedWhole(main);
    assertTrue(whole.contains("SPL151") && whole.contains("SPL003"), whole.toString());
    assertTrue(!whole.contains("SPL102") && !whole.contains("SPL140"), whole.toString());
    assertEquals(main.size() - 2, whole.size(), whole.toString());
  }

  @Test
  void variablesAreWrittenInOrderBeforeTheValidationsThatReadThem() {
    String yaml = VapPolicies.yaml(main, GatewayApiVersion.MAIN, "test", false, List.of());
    int policy = yaml.indexOf("name: spl102-session-name-collision-across-rules");
    String spl102 = yaml.substring(policy, yaml.indexOf("---", policy));
    int rules = spl102.indexOf("- name: rules");
    int clashes = spl102.indexOf("- name: clashes");
    int validations = spl102.indexOf("validations:");
    assertTrue(
        rules > 0 && rules < clashes && clashes < validations,
        rules + " " + clashes + " " + validations + spl102);
    assertTrue(spl102.contains("|| (size(variables.clashes) == 0)"), spl102);
  }
}
