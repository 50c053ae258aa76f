package dev.spl.rules.cel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The two ways spl evaluates the CRD's CEL rules agree: with no CRD in sight, the checks its table
 * holds for a version; with the CRD installed, that CRD's own rules. For every vendored upstream
 * bundle (v1.1.0 .. main), the rules of its HTTPRoute CRD are exactly the table's checks for its
 * version, expression (whitespace aside) and message alike, so neither path reports what the other
 * would not.
 */
class InstalledCrdRulesAgreeTest {
  @Test
  void everyUpstreamBundlesRulesAreTheTablesChecksForItsVersion() throws Exception {
    List<Map<?, ?>> bundles = new ArrayList<>();
    try (InputStream in = getClass().getResourceAsStream("/dev/spl/crd-rules/upstream.yaml")) {
      for (Object doc : new Load(LoadSettings.builder().build()).loadAllFromInputStream(in)) {
        bundles.add((Map<?, ?>) doc);
      }
    }
    assertEquals(6, bundles.size(), "v1.1.0, v1.2.1, v1.4.1, v1.5.1, v1.6.1 and main");
    for (Map<?, ?> bundle : bundles) {
      GatewayApiVersion version =
          GatewayApiVersion.ofBundleVersion((String) bundle.get("bundle")).orElseThrow();
      TreeSet<String> upstream = new TreeSet<>();
      for (Object r : (List<?>) bundle.get("rules")) {
        Map<?, ?> rule = (Map<?, ?>) r;
        upstream.add(
            GatewayApiCrd.normalize((String) rule.get("rule")) + " => " + rule.get("message"));
      }
      TreeSet<String> table = new TreeSet<>();
      for (CrdValidationRule own : InstalledCrdRule.SPLS_OWN) {
        for (CrdValidationRule.CrdCheck c : own.checks()) {
          if (c.versions().contains(version)) {
            table.add(GatewayApiCrd.normalize(c.expression()) + " => " + c.apiMessage());
          }
        }
      }
      assertEquals(upstream, table, "bundle " + bundle.get("folder"));
    }
  }
}
