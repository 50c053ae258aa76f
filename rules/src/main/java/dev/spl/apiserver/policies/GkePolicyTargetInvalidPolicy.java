package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.gke.GkePolicyTargetInvalid;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/**
 * SPL703 at the API server: a GCPBackendPolicy with affinity aimed at neither a Service, a
 * ServiceImport nor an InferencePool of its namespace. The API server has set the object's
 * namespace from the request by the time policies run, so the namespace is always compared here.
 * {@code namespace} is a CEL reserved word: Kubernetes' CEL reaches that property as {@code
 * __namespace__}.
 */
final class GkePolicyTargetInvalidPolicy implements ApiServerPolicy {
  /** The target is a Service or a net.gke.io ServiceImport (one parenthesised expression). */
  static final String KIND_OK =
      "(((!has(${t}.group) || ${t}.group == '') && ${t}.kind == 'Service')"
          + " || (has(${t}.group) && ${t}.group == 'net.gke.io' && ${t}.kind == 'ServiceImport')"
          + " || (has(${t}.group) && ${t}.group.startsWith('inference.networking.')"
          + " && ${t}.kind == 'InferencePool'))";

  @Override
  public Class<GkePolicyTargetInvalid> rule() {
    return GkePolicyTargetInvalid.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            GkeCel.BACKEND_POLICIES,
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.default)
                  && has(object.spec.default.sessionAffinity) && has(${t})
                  && !(${kindOk}
                       && (!has(${t}.__namespace__) || ${t}.__namespace__ == request.namespace)))
                """,
                "kindOk",
                Cel.of(KIND_OK, "t", "object.spec.targetRef"),
                "t",
                "object.spec.targetRef"),
            Cel.message(
                GkePolicyTargetInvalid.MESSAGE,
                "target",
                Cel.of(
                    "${t}.kind + ' ' + (${kindOk} ? ${t}.__namespace__ + '/' : '') + ${t}.name",
                    "kindOk",
                    Cel.of(KIND_OK, "t", "object.spec.targetRef"),
                    "t",
                    "object.spec.targetRef")),
            "spec.targetRef"));
  }
}
