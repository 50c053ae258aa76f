package dev.spl.apiserver.policies;

import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.traefik.TraefikStickyOnIngress;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/**
 * SPL501 at the API server. It serves Ingresses as networking.k8s.io/v1 only (extensions/v1beta1 is
 * gone since Kubernetes 1.22), so the policy reads v1's backend.service.
 */
final class TraefikStickyOnIngressPolicy implements ApiServerPolicy {
  @Override
  public Class<TraefikStickyOnIngress> rule() {
    return TraefikStickyOnIngress.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String service = "has(p.backend) && has(p.backend.service) && has(p.backend.service.name)";
    String paths =
        Cel.of(
            "has(r.http) && has(r.http.paths) && r.http.paths.exists(p, ${service})",
            "service",
            service);
    String firstService =
        Cel.of(
            """
            has(object.spec) && has(object.spec.rules) && object.spec.rules.exists(r, ${paths})
              ? object.spec.rules.filter(r, ${paths})[0]
                  .http.paths.filter(p, ${service})[0].backend.service.name
              : has(object.spec) && has(object.spec.defaultBackend)
                  && has(object.spec.defaultBackend.service)
                  && has(object.spec.defaultBackend.service.name)
                ? object.spec.defaultBackend.service.name : ''
            """,
            "paths",
            paths,
            "service",
            service);
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(new PolicyCheck.Kind("networking.k8s.io", "*", Kinds.INGRESS, "ingresses")),
            List.of(
                new PolicyCheck.Variable("sticky", TraefikCel.stickyKeys()),
                new PolicyCheck.Variable("service", firstService)),
            "size(variables.sticky) == 0",
            Cel.message(
                TraefikStickyOnIngress.MESSAGE,
                "which",
                "size(variables.sticky) == 1 ? 'it' : 'all ' + string(size(variables.sticky))",
                "service",
                "variables.service == '' ? 'the Service' : 'Service ' + variables.service"),
            "'metadata.annotations'"));
  }
}
