package dev.spl.webhook;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The informer's own store, keeping of each object only what the informer needs to follow the
 * cluster (name, namespace, uid, resourceVersion): the cross-resource rules read spl's projected
 * copy in {@link dev.spl.index.LiveIndex}, so a full copy of every object here would only double
 * the memory (a Service with its labels and annotations is ~20 KiB as fabric8 keeps it). A fabric8
 * object is built only when the informer asks for one (a watch event's previous version, a resync):
 * a GenericKubernetesResource with its ObjectMeta and their maps costs some 300 bytes more per
 * cached object than {@link Kept}.
 *
 * <p>Every change the informer makes here is passed on to {@link Changes} before the call returns:
 * the informer stores a list page object by object and reads the next page only after, so whatever
 * is projected from an object is built while fabric8 holds one page, not the whole list.
 */
final class MetadataOnlyStore implements ItemStore<GenericKubernetesResource> {
  /** What the store's owner does with each change, in the order the informer makes them. */
  interface Changes {
    /** A new object, or a new version of one (not a re-listed copy of the version kept). */
    void put(GenericKubernetesResource obj);

    /** An object gone from the cluster, as {@link Kept#object} rebuilds it. */
    void removed(GenericKubernetesResource stub);
  }

  private final Changes changes;

  MetadataOnlyStore(Changes changes) {
    this.changes = changes;
  }

  /**
   * What is kept of an object besides its key ("namespace/name", which says both): apiVersion and
   * kind as shared Strings, a UUID uid as two longs and a decimal resourceVersion as a long (what
   * the API server writes; anything else is kept as written). 56 bytes, where six Strings took some
   * 250.
   */
  static final class Kept {
    private final String apiVersion;
    private final String kind;
    private final long uidHigh;
    private final long uidLow;
    private final String uidAsWritten; // null when the uid is a UUID (or absent: see uidHigh)
    private final long version;
    private final String versionAsWritten; // null when the resourceVersion is a decimal

    private Kept(GenericKubernetesResource obj) {
      ObjectMeta m = obj.getMetadata();
      this.apiVersion = intern(obj.getApiVersion());
      this.kind = intern(obj.getKind());
      UUID uid = uuid(m.getUid());
      this.uidHigh = uid == null ? 0 : uid.getMostSignificantBits();
      this.uidLow = uid == null ? 0 : uid.getLeastSignificantBits();
      this.uidAsWritten = uid == null ? m.getUid() : null;
      long v = decimal(m.getResourceVersion());
      this.version = v;
      this.versionAsWritten = v < 0 ? m.getResourceVersion() : null;
    }

    static Kept of(GenericKubernetesResource obj) {
      return new Kept(obj);
    }

    String uid() {
      return uidAsWritten != null || (uidHigh == 0 && uidLow == 0)
          ? uidAsWritten
          : new UUID(uidHigh, uidLow).toString();
    }

    String resourceVersion() {
      return versionAsWritten != null || version < 0 ? versionAsWritten : Long.toString(version);
    }

    /** A fabric8 object with this metadata and nothing else; {@code key} gives its name. */
    GenericKubernetesResource object(String key) {
      GenericKubernetesResource stub = new GenericKubernetesResource();
      stub.setApiVersion(apiVersion);
      stub.setKind(kind);
      ObjectMeta meta = new ObjectMeta();
      int slash = key.indexOf('/'); // names and namespaces never hold one
      meta.setNamespace(slash < 0 ? null : intern(key.substring(0, slash)));
      meta.setName(key.substring(slash + 1));
      meta.setUid(uid());
      meta.setResourceVersion(resourceVersion());
      stub.setMetadata(meta);
      return stub;
    }

    /** The UUID {@code s} spells in its canonical form; null for anything else. */
    private static UUID uuid(String s) {
      if (s == null || s.length() != 36) {
        return null;
      }
      try {
        UUID u = UUID.fromString(s);
        // the nil UUID stands for "no uid" in the two longs
        return u.toString().equals(s)
                && (u.getMostSignificantBits() | u.getLeastSignificantBits()) != 0
            ? u
            : null;
      } catch (IllegalArgumentException e) {
        return null;
      }
    }

    /** {@code s} as a number when it is a decimal without leading zeros; -1 otherwise. */
    private static long decimal(String s) {
      if (s == null || s.isEmpty() || s.length() > 18 || (s.length() > 1 && s.charAt(0) == '0')) {
        return -1;
      }
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) < '0' || s.charAt(i) > '9') {
          return -1;
        }
      }
      return Long.parseLong(s);
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
    Kept after = Kept.of(obj);
    Kept before = items.put(key, after);
    // a re-list after a lost watch hands back most objects unchanged: fabric8 tells no handler of
    // those, and nothing is projected again here
    if (before == null || !Objects.equals(before.resourceVersion(), after.resourceVersion())) {
      changes.put(obj);
    }
    return before == null ? null : before.object(key);
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    Kept before = items.remove(key);
    if (before == null) {
      return null;
    }
    GenericKubernetesResource stub = before.object(key);
    changes.removed(stub);
    return stub;
  }

  @Override
  public Stream<String> keySet() {
    return items.keySet().stream();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return items.entrySet().stream().map(e -> e.getValue().object(e.getKey()));
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    Kept kept = items.get(key);
    return kept == null ? null : kept.object(key);
  }

  @Override
  public boolean isFullState() {
    return false; // handlers get the full object from each event, never from here
  }
}
