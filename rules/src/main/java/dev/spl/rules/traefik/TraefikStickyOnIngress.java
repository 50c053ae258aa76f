package dev.spl.rules.traefik;

import dev.spl.index.IngressPath;
import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/**
 * SPL501: Traefik sticky-cookie annotations written on an Ingress, where Traefik never reads them.
 */
@RuleDefinition(
    id = "SPL501",
    name = "traefik-sticky-on-ingress",
    severity = Severity.ERROR,
    summary =
        "Traefik service.sticky.* annotations on an Ingress: Traefik reads them from the Service.",
    why =
        "Traefik's Ingress provider takes router settings from the Ingress and service settings,"
            + " stickiness among them, from the Service's annotations only. On the Ingress the"
            + " annotations are accepted and ignored: no cookie is set and no session is pinned.",
    fix = "Move the traefik.ingress.kubernetes.io/service.sticky.* annotations to the Service.",
    reference =
        "traefik pkg/provider/kubernetes/ingress/kubernetes.go (parseServiceConfig of"
            + " service.Annotations); Traefik docs, Kubernetes Ingress routing (annotations on"
            + " Service); traefik/traefik#2392")
public final class TraefikStickyOnIngress implements ResourceRule, ApiServerPolicy {
  /** CEL: the Ingress path {@code p} sends to a named Service. */
  private static final String SERVICE_P =
      "has(p.backend) && has(p.backend.service) && has(p.backend.service.name)";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!resource.kind().equals("Ingress")
        || !(resource.group().equals("networking.k8s.io")
            || resource.group().equals("extensions"))) {
      return;
    }
    List<MapNode.Entry> sticky = TraefikAnnotations.sticky(resource);
    if (sticky.isEmpty()) {
      return;
    }
    String service = firstService(resource);
    reporter.report(
        info(),
        resource,
        FieldPath.of("metadata", "annotations", sticky.get(0).key()),
        "Traefik reads service.sticky.* from the Service, not the Ingress: move "
            + (sticky.size() == 1 ? "it" : "all " + sticky.size())
            + " to "
            + (service == null ? "the Service" : "Service " + service));
  }

  private static String firstService(Resource ingress) {
    return IngressPath.of(ingress).stream().map(IngressPath::service).findFirst().orElse(null);
  }

  /**
   * The API server serves Ingresses as networking.k8s.io/v1 only (extensions/v1beta1 is gone since
   * Kubernetes 1.22), so the policy reads v1's backend.service.
   */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String paths = "has(r.http) && has(r.http.paths) && r.http.paths.exists(p, " + SERVICE_P + ")";
    String firstService =
        "has(object.spec) && has(object.spec.rules) && object.spec.rules.exists(r, "
            + paths
            + ") ? object.spec.rules.filter(r, "
            + paths
            + ")[0].http.paths.filter(p, "
            + SERVICE_P
            + ")[0].backend.service.name : has(object.spec) && has(object.spec.defaultBackend) &&"
            + " has(object.spec.defaultBackend.service) &&"
            + " has(object.spec.defaultBackend.service.name) ?"
            + " object.spec.defaultBackend.service.name : ''";
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(new PolicyCheck.Kind("networking.k8s.io", "*", "Ingress", "ingresses")),
            List.of(
                new PolicyCheck.Variable("sticky", TraefikAnnotations.celStickyKeys()),
                new PolicyCheck.Variable("service", firstService)),
            "size(variables.sticky) == 0",
            "'Traefik reads service.sticky.* from the Service, not the Ingress: move ' +"
                + " (size(variables.sticky) == 1 ? 'it' : 'all ' + string(size(variables.sticky)))"
                + " + ' to ' + (variables.service == '' ? 'the Service' : 'Service ' +"
                + " variables.service)",
            "'metadata.annotations'"));
  }
}
