package dev.spl.rules.traefik;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/**
 * SPL501: Traefik sticky-cookie annotations written on an Ingress, where Traefik never reads them.
 * When every Service behind the Ingress carries its own, nothing is missing: SPL506 says the
 * Ingress's are redundant instead.
 */
@RuleDefinition(
    id = "SPL501",
    name = "traefik-sticky-on-ingress",
    severity = Severity.ERROR,
    summary =
        "Traefik service.sticky.* annotations on an Ingress: Traefik reads them from the Service.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class TraefikStickyOnIngress implements IndexRule {
  /** The Ingresses' backends and the Services' own sticky annotations. */
  static final Inputs INPUTS =
      Inputs.of(KindRole.INGRESS, "rules", "defaultBackend")
          .andAnnotations(KindRole.INGRESS, TraefikAnnotations.PREFIX)
          .andAnnotations(KindRole.SERVICE, TraefikAnnotations.STICKY);

  @Override
  public Inputs inputs() {
    return INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Traefik reads service.sticky.* from the Service, not the Ingress: move {which} to"
              + " {service}");

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource resource : index.all(KindRole.INGRESS)) {
      List<MapNode.Entry> sticky = TraefikAnnotations.sticky(resource);
      if (sticky.isEmpty() || TraefikAnnotations.servicesAlreadySticky(resource, index)) {
        continue;
      }
      String service = TraefikAnnotations.firstService(resource);
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
  }
}
