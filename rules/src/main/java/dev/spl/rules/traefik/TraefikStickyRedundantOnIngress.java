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
 * SPL506: Traefik sticky-cookie annotations on an Ingress whose Services carry their own. Traefik
 * reads only the Services' (SPL501), so sessions are pinned; the Ingress's copy does nothing and
 * may drift from the one that counts.
 */
@RuleDefinition(
    id = "SPL506",
    name = "traefik-sticky-redundant-on-ingress",
    severity = Severity.INFO,
    summary =
        "Traefik service.sticky.* annotations on an Ingress whose Services already carry them.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class TraefikStickyRedundantOnIngress implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{service} already carries service.sticky.*, which Traefik reads; remove {which} from the"
              + " Ingress");

  @Override
  public Inputs inputs() {
    return TraefikStickyOnIngress.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource ingress : index.all(KindRole.INGRESS)) {
      List<MapNode.Entry> sticky = TraefikAnnotations.sticky(ingress);
      if (sticky.isEmpty() || !TraefikAnnotations.servicesAlreadySticky(ingress, index)) {
        continue;
      }
      reporter.report(
          info(),
          ingress,
          FieldPath.of("metadata", "annotations", sticky.get(0).key()),
          MESSAGE.format(
              "service",
              "Service " + TraefikAnnotations.firstService(ingress),
              "which",
              sticky.size() == 1 ? "it" : "all " + sticky.size()));
    }
  }
}
