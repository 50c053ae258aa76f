package dev.spl.schema;

import java.util.List;
import java.util.Optional;

/**
 * The Gateway API CRDs that speak for a part of the input: the set a cluster would install (a
 * repository's vendored bundle, or a fixture's CRDs for its own directory).
 */
public record CrdsInSight(List<GatewayApiCrd> crds) {
  public CrdsInSight {
    crds = List.copyOf(crds);
  }

  /** The CRD of {@code kind} in this set. */
  public Optional<GatewayApiCrd> of(String kind) {
    return crds.stream().filter(c -> c.kind().equals(kind)).findFirst();
  }

  /** True when every CRD of the set says it is the standard channel's. */
  public boolean isStandardChannel() {
    return !crds.isEmpty() && crds.stream().allMatch(GatewayApiCrd::isStandardChannel);
  }
}
