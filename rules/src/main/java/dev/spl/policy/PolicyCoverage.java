package dev.spl.policy;

import dev.spl.rules.IndexRule;
import dev.spl.rules.Rule;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a rule can be enforced: by the API server alone (a generated ValidatingAdmissionPolicy) or
 * only by spl's webhook, and why. Stated per rule, for {@code spl rules} and the docs.
 */
public record PolicyCoverage(boolean apiServer, String where, String why) {
  static final String API_SERVER = "API server policy";
  static final String WEBHOOK = "webhook only";
  static final String LINT = "spl lint only";

  PolicyCoverage(boolean apiServer, String why) {
    this(apiServer, apiServer ? API_SERVER : WEBHOOK, why);
  }

  public static PolicyCoverage of(Rule rule) {
    if (rule instanceof ApiServerPolicy policy) {
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
          versions.size() == GatewayApiVersion.values().length - 1
              ? "its input is the object alone (every version)"
              : "its input is the object alone (" + String.join(", ", versions) + ")");
    }
    if (rule.info().id().equals("SPL105")) {
      // Only a build renames objects, and the API server is given what was built.
      return new PolicyCoverage(
          false, LINT, "about a kustomize build's renames, before it is applied");
    }
    if (rule instanceof IndexRule) {
      return new PolicyCoverage(
          false, "needs other objects (routes, Services, policies, Gateways)");
    }
    String id = rule.info().id();
    return switch (id) {
      case "SPL001", "SPL002" -> new PolicyCoverage(false, LINT, "about the file, not an object");
      case "SPL004" -> new PolicyCoverage(false, LINT, "about a chart, before it is objects");
      case "SPL010", "SPL011", "SPL012", "SPL013", "SPL014" ->
          new PolicyCoverage(false, "the CRD's own CEL validation already enforces it");
      case "SPL028" ->
          new PolicyCoverage(false, "the API server's Service validation already enforces it");
      case "SPL302" -> new PolicyCoverage(false, "Istio's CRD schema already rejects it (a oneOf)");
      case "SPL201", "SPL202", "SPL203", "SPL204", "SPL205", "SPL208" ->
          new PolicyCoverage(
              false,
              "which Ingresses are ingress-nginx's, and what its parser keeps, are decided in Java;"
                  + " no CEL form is generated yet");
      default ->
          new PolicyCoverage(
              false,
              "the CRD's schema already rejects it or prunes the field; spl repeats it for CI");
    };
  }
}
