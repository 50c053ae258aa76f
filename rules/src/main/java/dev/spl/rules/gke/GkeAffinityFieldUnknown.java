package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Map;

/** SPL704: a field a GCPBackendPolicy's sessionAffinity does not have (often BackendConfig's). */
@RuleDefinition(
    id = "SPL704",
    name = "gke-affinity-field-unknown",
    severity = Severity.ERROR,
    summary =
        "A GKE GCPBackendPolicy's sessionAffinity has a field it does not know (often one of"
            + " BackendConfig's).",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class GkeAffinityFieldUnknown implements ResourceRule {
  @Override
  public Inputs inputs() {
    return GkeAffinity.INPUTS;
  }

  /** {hint} says what to write instead, with a leading "; ", or nothing. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("sessionAffinity has no field {field} (dropped or refused){hint}");

  /** BackendConfig's names for the two fields (an Ingress's affinity), and what they are here. */
  static final Map<String, String> BACKEND_CONFIG_NAMES =
      Map.of("affinityType", "type", "affinityCookieTtlSec", "cookieTtlSec");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode affinity = GkeAffinity.of(resource);
    if (affinity == null) {
      return;
    }
    for (MapNode.Entry e : affinity.entries()) {
      if (GkeAffinity.FIELDS.contains(e.key())) {
        continue;
      }
      String instead = BACKEND_CONFIG_NAMES.get(e.key());
      String hint = instead == null ? "" : "; it is BackendConfig's name, write " + instead;
      reporter.report(
          info(),
          resource,
          GkeAffinity.PATH.key(e.key()),
          MESSAGE.format("field", e.key(), "hint", hint));
    }
  }
}
