package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.apiserver.VapPolicies;
import dev.spl.catalogue.RuleSelection;
import dev.spl.config.SplConfig;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chart installs the engine's ValidatingAdmissionPolicies (policies.mode vap or both) from
 * policies/VERSION.yaml, one file per version the chart accepts: each must be what spl generates.
 */
class ChartPoliciesTest {
  static final Path POLICIES = Path.of("..", "charts", "spl-webhook", "policies");

  static String generated(GatewayApiVersion version) {
    return VapPolicies.yaml(
        VapPolicies.build(version, SplConfig.none(), RuleSelection.all()),
        version,
        "for the spl-webhook chart",
        false,
        List.of());
  }

  @Test
  void theChartsPoliciesAreWhatSplGenerates() throws IOException {
    for (GatewayApiVersion version : GatewayApiVersion.values()) {
      Path file = POLICIES.resolve(version.label() + ".yaml");
      if (Boolean.getBoolean("spl.update-policies")) {
        Files.createDirectories(POLICIES);
        Files.writeString(file, generated(version));
      }
      assertEquals(
          generated(version),
          Files.readString(file),
          file
              + " is stale: mvn -pl webhook test -Dtest=ChartPoliciesTest -Dspl.update-policies=true");
    }
  }
}
