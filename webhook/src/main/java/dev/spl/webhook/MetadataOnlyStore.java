package dev.spl.webhook;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The informer's own store, keeping of each object only what the informer needs to follow the
 * cluster (name, namespace, uid, resourceVersion): the cross-resource rules read spl's projected
 * copy in {@link dev.spl.index.LiveIndex}, so a full copy of every object here would only double
 * the memory (a Service with its labels and annotations is ~20 KiB as fabric8 keeps it).
 */
final class MetadataOnlyStore implements ItemStore<GenericKubernetesResource> {
  private final Map<String, GenericKubernetesResource> items = new ConcurrentHashMap<>();

  @Override
  public String getKey(GenericKubernetesResource obj) {
    ObjectMeta m = obj.getMetadata();
    return m.getNamespace() == null ? m.getName() : m.getNamespace() + "/" + m.getName();
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource obj) {
    GenericKubernetesResource stub = new GenericKubernetesResource();
    // one String per apiVersion and kind, not one per object
    stub.setApiVersion(obj.getApiVersion() == null ? null : obj.getApiVersion().intern());
    stub.setKind(obj.getKind() == null ? null : obj.getKind().intern());
    ObjectMeta m = obj.getMetadata();
    ObjectMeta kept = new ObjectMeta();
    kept.setName(m.getName());
    kept.setNamespace(m.getNamespace() == null ? null : m.getNamespace().intern());
    kept.setUid(m.getUid());
    kept.setResourceVersion(m.getResourceVersion());
    // fabric8 gives every ObjectMeta empty maps and lists; nothing reads them from this store
    kept.setLabels(null);
    kept.setAnnotations(null);
    kept.setFinalizers(null);
    kept.setManagedFields(null);
    kept.setOwnerReferences(null);
    stub.setMetadata(kept);
    return items.put(key, stub);
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    return items.remove(key);
  }

  @Override
  public Stream<String> keySet() {
    return items.keySet().stream();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return items.values().stream();
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    return items.get(key);
  }

  @Override
  public boolean isFullState() {
    return false; // handlers get the full object from each event, never from here
  }
}
