package dev.spl.rules.service;

import dev.spl.index.Inputs;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;

/** A Service's affinity settings, with the API server's defaults applied. */
record ServiceAffinity(
    MapNode spec, boolean isClientIp, String type, String externalTrafficPolicy) {

  /** The affinity of {@code r} when it is a core/v1 Service with a spec, else null. */
  /** What {@link #of} reads of a Service. */
  static final Inputs INPUTS =
      Inputs.of(KindRole.SERVICE, "sessionAffinity", "type", "externalTrafficPolicy", "clusterIP");

  static ServiceAffinity of(Resource r) {
    if (r.role() != KindRole.SERVICE || r.spec() == null) {
      return null;
    }
    MapNode spec = r.spec();
    String type = spec.string("type");
    String policy = spec.string("externalTrafficPolicy");
    return new ServiceAffinity(
        spec,
        "ClientIP".equals(spec.string("sessionAffinity")),
        type == null ? "ClusterIP" : type,
        policy == null ? "Cluster" : policy);
  }

  boolean isHeadless() {
    return "None".equals(spec.string("clusterIP"));
  }
}
