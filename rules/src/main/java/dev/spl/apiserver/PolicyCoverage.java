package dev.spl.apiserver;

import dev.spl.apiserver.policies.ApiServerPolicies;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a rule can be enforced: by the API server alone (a generated ValidatingAdmissionPolicy), by
 * the API server's own validation of the type (which runs before any webhook, so spl's webhook
 * leaves these rules to it), only by spl's webhook, or only by spl lint, and why. Read from what
 * exists: the rule's policy, else the reason its {@link RuleDefinition} declares; there is no
 * default.
 */
public record PolicyCoverage(boolean apiServer, String where, String why) {
  static final String API_SERVER = "API server policy";
  static final String WEBHOOK = "webhook only";
  static final String LINT = "spl lint only";
  static final String VALIDATION = "API server validation";

  /**
   * @throws IllegalStateException for a rule that has no policy and does not say why
   */
  public static PolicyCoverage of(Rule rule) {
    var policy = ApiServerPolicies.of(rule);
    if (policy.isPresent()) {
      return ofPolicy(policy.get());
    }
    RuleDefinition declared = rule.getClass().getAnnotation(RuleDefinition.class);
    if (declared == null || declared.noPolicyBecause() == NoPolicy.NONE) {
      throw new IllegalStateException(
          rule.info().id()
              + " has no API server policy and does not say why (@RuleDefinition noPolicyBecause)");
    }
    NoPolicy reason = declared.noPolicyBecause();
    String why =
        declared.noPolicyDetail().isEmpty()
            ? reason.text()
            : declared.noPolicyDetail() + ": " + reason.text();
    String where =
        declared.lintOnly() ? LINT : reason.validatedBeforeAdmission() ? VALIDATION : WEBHOOK;
    return new PolicyCoverage(false, where, why);
  }

  /**
   * True when the API server's own validation enforces the rule before admission: spl's webhook
   * does not run it (the object it sees has passed, or was let through by ratcheting on purpose).
   */
  public boolean validatedBeforeAdmission() {
    return where.equals(VALIDATION);
  }

  /**
   * The ids of {@code rules} only {@code spl lint} can judge (a file, a chart, a controller's
   * Deployment in its own namespace): a review, which sees the object and its neighbours, would
   * miss what they need and report the wrong thing.
   */
  public static List<String> lintOnly(List<Rule> rules) {
    return rules.stream()
        .filter(
            r -> {
              RuleDefinition d = r.getClass().getAnnotation(RuleDefinition.class);
              return d != null && d.lintOnly();
            })
        .map(r -> r.info().id())
        .toList();
  }

  /**
   * The ids of {@code rules} the API server's own validation enforces before admission, read from
   * their declarations alone (a rule with a policy declares no reason: PolicyCoverageTest), so the
   * webhook asks this at start without loading the policies.
   */
  public static List<String> validatedBeforeAdmission(List<Rule> rules) {
    return rules.stream()
        .filter(
            r -> {
              RuleDefinition d = r.getClass().getAnnotation(RuleDefinition.class);
              return d != null && !d.lintOnly() && d.noPolicyBecause().validatedBeforeAdmission();
            })
        .map(r -> r.info().id())
        .toList();
  }

  private static PolicyCoverage ofPolicy(ApiServerPolicy policy) {
    List<String> versions = new ArrayList<>();
    String partly = null;
    for (GatewayApiVersion v : GatewayApiVersion.values()) {
      var check = policy.policyCheck(v);
      if (v != GatewayApiVersion.V1_1_0 && check.isPresent()) {
        versions.add(v.label());
        partly = check.get().partly();
      }
    }
    if (partly != null) {
      return new PolicyCoverage(
          true,
          "API server policy, in part",
          "the object alone decides part of it; " + partly + " need the webhook");
    }
    return new PolicyCoverage(
        true,
        API_SERVER,
        versions.size() == GatewayApiVersion.values().length - 1
            ? "its input is the object alone (every version)"
            : "its input is the object alone (" + String.join(", ", versions) + ")");
  }
}
