package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.policy.PolicyCheck;
import java.util.List;

/** What the three GKE policies share: the kind they match and where its affinity sits. */
final class GkeCel {
  private GkeCel() {}

  /** GCPBackendPolicy, in every version the catalogue knows. */
  static final List<PolicyCheck.Kind> BACKEND_POLICIES =
      List.of(
          PolicyCheck.Kind.anyVersionOf(
              KindCatalogue.find("networking.gke.io", Kinds.GCP_BACKEND_POLICY)));

  /** A GCPBackendPolicy's session affinity, as CEL reaches it. */
  static final String AFFINITY = "object.spec.default.sessionAffinity";
}
