package dev.spl.apiserver.policies;

import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.traefik.TraefikAnnotations;
import dev.spl.rules.traefik.TraefikStickyNativeLb;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/**
 * SPL502 at the API server: a Service by its annotations (Go's ParseBool spellings of true), an
 * IngressRoute by its services; the CRD types nativeLB as a boolean.
 */
final class TraefikStickyNativeLbPolicy implements ApiServerPolicy {
  @Override
  public Class<TraefikStickyNativeLb> rule() {
    return TraefikStickyNativeLb.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String nativeLb = Cel.quote(TraefikAnnotations.NATIVE_LB);
    String service =
        Cel.of(
            """
            has(object.metadata.annotations) && ${nativeLb} in object.metadata.annotations
              && ${nativeLbTrue}
              && variables.sticky.exists(k, k != ${sticky} || ${stickyTrue})
            """,
            "nativeLb",
            nativeLb,
            "nativeLbTrue",
            CelText.goBoolTrue("object.metadata.annotations[" + nativeLb + "]"),
            "sticky",
            Cel.quote(TraefikAnnotations.STICKY),
            "stickyTrue",
            CelText.goBoolTrue("object.metadata.annotations[k]"));
    String route =
        Cel.of(
            """
            has(object.spec) && has(object.spec.routes)
              && object.spec.routes.exists(r, has(r.services) && r.services.exists(s,
                   has(s.sticky) && has(s.sticky.cookie) && has(s.nativeLB) && s.nativeLB == true))
            """);
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                CelText.SERVICES,
                new PolicyCheck.Kind("traefik.io", "*", Kinds.INGRESS_ROUTE, "ingressroutes"),
                new PolicyCheck.Kind(
                    "traefik.containo.us", "*", Kinds.INGRESS_ROUTE, "ingressroutes")),
            List.of(
                new PolicyCheck.Variable(
                    "sticky", "object.kind == 'Service' ? (" + TraefikCel.stickyKeys() + ") : []")),
            "!(object.kind == 'Service' ? (" + service + ") : (" + route + "))",
            Cel.message(TraefikStickyNativeLb.MESSAGE),
            "(object.kind == 'Service' ? 'metadata.annotations' : 'spec.routes[].services[]')"));
  }
}
