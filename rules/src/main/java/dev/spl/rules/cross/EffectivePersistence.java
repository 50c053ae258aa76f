package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.List;

/**
 * The persistence that applies to a route rule's traffic, and the field of the route it comes in
 * through: the rule's own sessionPersistence wins (GEP-1619: route over policy); otherwise each
 * backend's policy or Backend persistence, entered at its backendRef.
 */
record EffectivePersistence(SessionPersistenceSite site, FieldPath routeField, BackendRef backend) {
  /**
   * What finding a rule's persistence reads: the route's backendRefs and inline persistence, the
   * policies that target a backend, and Backend objects' own persistence.
   */
  static final Inputs INPUTS =
      Inputs.of(KindRole.ROUTE, "rules.backendRefs", "rules.sessionPersistence")
          .and(KindRole.POLICY, "targetRefs", "sessionPersistence")
          .and(KindRole.BACKEND, "type", "endpointSelector.sessionPersistence");

  static List<EffectivePersistence> of(ResourceIndex index, RouteRule rule) {
    List<EffectivePersistence> out = new ArrayList<>();
    if (rule.inline() != null) {
      if (rule.inline().celInput() != null) {
        out.add(new EffectivePersistence(rule.inline(), rule.inline().sessionNameField(), null));
      }
      return out;
    }
    for (BackendRef b : rule.weightedBackends()) {
      for (SessionPersistenceSite s : index.backendPersistence(b)) {
        out.add(new EffectivePersistence(s, b.path(), b));
      }
    }
    return out;
  }
}
