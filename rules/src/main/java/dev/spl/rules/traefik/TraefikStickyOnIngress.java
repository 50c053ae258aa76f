package dev.spl.rules.traefik;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
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
        "Traefik service.sticky.* annotations on an Ingress: Traefik reads them from the Service.")
public final class TraefikStickyOnIngress implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.INGRESS, "rules", "defaultBackend")
        .andAnnotations(KindRole.INGRESS, TraefikAnnotations.PREFIX);
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Traefik reads service.sticky.* from the Service, not the Ingress: move {which} to"
              + " {service}");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() != KindRole.INGRESS) {
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
        MESSAGE.format(
            "which",
            sticky.size() == 1 ? "it" : "all " + sticky.size(),
            "service",
            service == null ? "the Service" : "Service " + service));
  }

  private static String firstService(Resource ingress) {
    return IngressPath.of(ingress).stream().map(IngressPath::service).findFirst().orElse(null);
  }
}
