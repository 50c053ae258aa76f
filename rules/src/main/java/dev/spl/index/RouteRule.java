package dev.spl.index;

import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/**
 * One rule of an HTTPRoute or GRPCRoute, with its resolved backendRefs and its inline
 * sessionPersistence (null when it has none).
 */
public record RouteRule(
    Resource route,
    int index,
    MapNode node,
    List<BackendRef> backends,
    SessionPersistenceSite inline) {

  public FieldPath path() {
    return FieldPath.of("spec", "rules", index);
  }

  /** The backends that take traffic: weight above 0. */
  public List<BackendRef> weightedBackends() {
    return backends.stream().filter(b -> b.weight() > 0).toList();
  }
}
