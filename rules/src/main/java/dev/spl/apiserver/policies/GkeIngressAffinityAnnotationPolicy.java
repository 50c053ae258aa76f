package dev.spl.apiserver.policies;

import dev.spl.index.IngressClasses;
import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.gke.GkeIngressAffinityAnnotation;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * SPL706 at the API server: the Ingress's class, then its affinity switches looked up by their
 * exact keys (no annotation is scanned, so the cost does not grow with the object).
 */
final class GkeIngressAffinityAnnotationPolicy implements ApiServerPolicy {
  @Override
  public Class<GkeIngressAffinityAnnotation> rule() {
    return GkeIngressAffinityAnnotation.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String a = "object.metadata.annotations";
    String cls =
        Cel.of(
            """
            has(object.spec) && has(object.spec.ingressClassName) ? object.spec.ingressClassName
              : has(${a}) && ${classKey} in ${a} ? ${a}[${classKey}] : ''
            """,
            "a",
            a,
            "classKey",
            Cel.quote(IngressClasses.CLASS_ANNOTATION));
    String keys =
        GkeIngressAffinityAnnotation.KEYS.stream()
            .map(Cel::quote)
            .collect(Collectors.joining(", ", "[", "]"));
    String asked =
        Cel.of(
            "!has(${a}) ? [] : ${keys}.filter(k, k in ${a} && ${a}[k] != '')",
            "a",
            a,
            "keys",
            keys);
    String classes =
        GkeIngressAffinityAnnotation.CLASSES.stream()
            .sorted()
            .map(Cel::quote)
            .collect(Collectors.joining(", ", "[", "]"));
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(new PolicyCheck.Kind("networking.k8s.io", "*", Kinds.INGRESS, "ingresses")),
            List.of(
                new PolicyCheck.Variable("ingressClass", cls),
                new PolicyCheck.Variable("asked", asked)),
            Cel.of(
                "!(variables.ingressClass in ${classes}) || size(variables.asked) == 0",
                "classes",
                classes),
            Cel.message(
                GkeIngressAffinityAnnotation.MESSAGE,
                "class",
                "variables.ingressClass",
                "key",
                "variables.asked[0]"),
            "'metadata.annotations[\"' + variables.asked[0] + '\"]'"));
  }
}
