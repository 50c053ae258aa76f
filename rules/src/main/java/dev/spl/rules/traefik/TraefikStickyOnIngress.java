package dev.spl.rules.traefik;

import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

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
public final class TraefikStickyOnIngress implements ResourceRule {

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
    MapNode spec = ingress.spec();
    if (spec == null) {
      return null;
    }
    ListNode rules = spec.list("rules");
    for (int i = 0; rules != null && i < rules.size(); i++) {
      Node paths = ingress.nodeAt(FieldPath.of("spec", "rules", i, "http", "paths"));
      if (paths instanceof ListNode list) {
        for (Node p : list.items()) {
          if (p instanceof MapNode path && path.map("backend") != null) {
            MapNode svc = path.map("backend").map("service");
            if (svc != null && svc.string("name") != null) {
              return svc.string("name");
            }
          }
        }
      }
    }
    return ingress.nodeAt(FieldPath.of("spec", "defaultBackend", "service", "name"))
                instanceof dev.spl.model.ScalarNode name
            && !name.isNull()
        ? String.valueOf(name.value())
        : null;
  }
}
