package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;

/**
 * A GKE GCPBackendPolicy's session affinity ({@code spec.default.sessionAffinity}), as the GKE
 * Gateway controller hands it to the backend service of the Service the policy targets.
 */
final class GkeAffinity {
  static final String GROUP = "networking.gke.io";
  static final String KIND = Kinds.GCP_BACKEND_POLICY;
  static final FieldPath PATH = FieldPath.of("spec", "default", "sessionAffinity");

  /** What {@link #of} reads of a GCPBackendPolicy. */
  static final Inputs INPUTS = Inputs.of(KIND, "default.sessionAffinity");

  /** The fields sessionAffinity has (gcpbackendpolicy_types.go, SessionAffinityConfig). */
  static final java.util.Set<String> FIELDS = java.util.Set.of("type", "cookieTtlSec");

  private GkeAffinity() {}

  /** The policy's sessionAffinity, or null when {@code r} is no GCPBackendPolicy or sets none. */
  static MapNode of(Resource r) {
    return r.is(GROUP, KIND) && r.nodeAt(PATH) instanceof MapNode affinity ? affinity : null;
  }

  /** The affinity's type as the backend service gets it: NONE when unset. */
  static String type(MapNode affinity) {
    String type = affinity.string("type");
    return type == null ? "NONE" : type;
  }
}
