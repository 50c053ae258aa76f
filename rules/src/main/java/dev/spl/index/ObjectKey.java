package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;

/**
 * Identifies an object the way Gateway API references do: group ("" for core), kind, namespace (""
 * for cluster-scoped) and name.
 */
public record ObjectKey(String group, String kind, String namespace, String name) {

  public static ObjectKey of(Resource r) {
    return new ObjectKey(r.group(), r.kind(), r.namespace(), r.name());
  }

  /** What the object this key names is to the rules ({@link KindCatalogue}). */
  public KindRole role() {
    return KindCatalogue.roleOf(group, kind);
  }

  /** Backend and XBackend are one kind of target for spl; the experimental group is folded in. */
  public ObjectKey normalized() {
    if (role() == KindRole.BACKEND) {
      return new ObjectKey("gateway.networking", Kinds.BACKEND, namespace, name);
    }
    return this;
  }

  public String describe() {
    return kind + " " + (namespace.isEmpty() ? "" : namespace + "/") + name;
  }
}
