package dev.spl;

import dev.spl.rules.RuleSelection;
import dev.spl.schema.GatewayApiVersion;

/** How to lint: the target Gateway API version and which rules run at what severity. */
public record LintOptions(GatewayApiVersion version, RuleSelection rules) {

  public static LintOptions defaults() {
    return new LintOptions(GatewayApiVersion.MAIN, RuleSelection.all());
  }

  public LintOptions withVersion(GatewayApiVersion v) {
    return new LintOptions(v, rules);
  }
}
