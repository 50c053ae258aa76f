package dev.spl.index;

import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * A route's parentRef: group gateway.networking.k8s.io and kind Gateway by default, in the route's
 * namespace unless given; {@code sectionName} (a listener) may be null, meaning every listener.
 */
public record ParentRef(ObjectKey gateway, String sectionName, FieldPath path) {

  /** Listeners of one Gateway overlap when either ref names no section, or both name the same. */
  public boolean sharesListenerWith(ParentRef other) {
    return gateway.equals(other.gateway)
        && (sectionName == null
            || other.sectionName == null
            || sectionName.equals(other.sectionName));
  }

  public static List<ParentRef> of(Resource route) {
    List<ParentRef> refs = new ArrayList<>();
    MapNode spec = route.spec();
    ListNode list = spec == null ? null : spec.list("parentRefs");
    if (list == null) {
      return refs;
    }
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof MapNode ref) || ref.string("name") == null) {
        continue;
      }
      String group =
          ref.string("group") == null ? "gateway.networking.k8s.io" : ref.string("group");
      String kind = ref.string("kind") == null ? Kinds.GATEWAY : ref.string("kind");
      String namespace =
          ref.string("namespace") == null ? route.namespace() : ref.string("namespace");
      refs.add(
          new ParentRef(
              new ObjectKey(group, kind, namespace, ref.string("name")),
              ref.string("sectionName"),
              FieldPath.of("spec", "parentRefs", i)));
    }
    return refs;
  }
}
