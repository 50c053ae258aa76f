package dev.spl.webhook;

import dev.spl.model.Resource;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** The cluster objects the cross-resource rules compare an admitted object with. */
interface ClusterState {

  /** The cached objects, parsed; the object under review is not removed from them. */
  Collection<Resource> resources();

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
        public Collection<Resource> resources() {
          return List.of();
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
