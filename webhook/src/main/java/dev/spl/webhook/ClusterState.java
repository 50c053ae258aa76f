package dev.spl.webhook;

import dev.spl.index.LiveIndex;
import dev.spl.model.Resource;
import java.util.List;
import java.util.Map;

/** The cluster objects the cross-resource rules compare an admitted object with. */
interface ClusterState {

  /**
   * The cached objects the cross-resource rules need to judge {@code reviewed} (its neighbours),
   * validated and projected when they changed; its own cached copy is left out.
   */
  List<LiveIndex.Entry> neighbours(Resource reviewed);

  /** Which controller serves each Ingress class, from the cluster's IngressClasses. */
  default dev.spl.index.IngressClasses ingressClasses() {
    return dev.spl.index.IngressClasses.NONE;
  }

  /** How many objects are cached. */
  int size();

  /** Objects left out of the cache for being over the per-object budget (none by default). */
  default int overBudget() {
    return 0;
  }

  /**
   * Errors the watches met (an expired resourceVersion, a closed stream, an API server's 5xx), by
   * kind; each is followed by a retry or a re-list. None by default.
   */
  default Map<String, Long> watchErrors() {
    return Map.of();
  }

  /** Kinds whose cache is the cluster as last seen: their watch is down (none by default). */
  default java.util.Set<String> stale() {
    return java.util.Set.of();
  }

  /** Kinds being watched, and whether each one's cache has synced. */
  Map<String, Boolean> syncState();

  /** Kinds that could not be watched (missing CRDs), with the reason. */
  Map<String, String> skipped();

  default boolean isSynced() {
    return syncState().values().stream().allMatch(Boolean::booleanValue);
  }

  /** No cluster: single-object rules only (--watch-cluster=false). */
  ClusterState NONE =
      new ClusterState() {
        @Override
        public List<LiveIndex.Entry> neighbours(Resource reviewed) {
          return List.of();
        }

        @Override
        public int size() {
          return 0;
        }

        @Override
        public Map<String, Boolean> syncState() {
          return Map.of();
        }

        @Override
        public Map<String, String> skipped() {
          return Map.of();
        }
      };
}
