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
 * the memory (a Service with its labels and annotations is ~20 KiB as fabric8 keeps it). The four
 * Strings are kept in a record and a fabric8 object is built only when the informer asks for one (a
 * watch event's previous version, a resync): a GenericKubernetesResource with its ObjectMeta and
 * their maps costs some 300 bytes more per cached object than the record.
 */
final class MetadataOnlyStore implements ItemStore<GenericKubernetesResource> {
  /** What is kept of an object; apiVersion, kind and namespace are shared Strings. */
  record Kept(
      String apiVersion,
      String kind,
      String namespace,
      String name,
      String uid,
      String resourceVersion) {
    static Kept of(GenericKubernetesResource obj) {
      ObjectMeta m = obj.getMetadata();
      return new Kept(
          intern(obj.getApiVersion()),
          intern(obj.getKind()),
          intern(m.getNamespace()),
          m.getName(),
          m.getUid(),
          m.getResourceVersion());
    }

    /** A fabric8 object with this metadata and nothing else. */
    GenericKubernetesResource object() {
      GenericKubernetesResource stub = new GenericKubernetesResource();
      stub.setApiVersion(apiVersion);
      stub.setKind(kind);
      ObjectMeta meta = new ObjectMeta();
      meta.setNamespace(namespace);
      meta.setName(name);
      meta.setUid(uid);
      meta.setResourceVersion(resourceVersion);
      stub.setMetadata(meta);
      return stub;
    }

    private static String intern(String s) {
      return s == null ? null : s.intern(); // one String per apiVersion, kind and namespace
    }
  }

  private final Map<String, Kept> items = new ConcurrentHashMap<>();

  @Override
  public String getKey(GenericKubernetesResource obj) {
    ObjectMeta m = obj.getMetadata();
    return m.getNamespace() == null ? m.getName() : m.getNamespace() + "/" + m.getName();
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource obj) {
    Kept before = items.put(key, Kept.of(obj));
    return before == null ? null : before.object();
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    Kept before = items.remove(key);
    return before == null ? null : before.object();
  }

  @Override
  public Stream<String> keySet() {
    return items.keySet().stream();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return items.values().stream().map(Kept::object);
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    Kept kept = items.get(key);
    return kept == null ? null : kept.object();
  }

  @Override
  public boolean isFullState() {
    return false; // handlers get the full object from each event, never from here
  }
}
