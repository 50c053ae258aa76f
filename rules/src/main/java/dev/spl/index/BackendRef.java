package dev.spl.index;

import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of a route rule's backendRefs, resolved as Gateway API defines it: group "" and kind
 * Service by default, in the route's namespace unless given.
 *
 * @param path where the entry is, e.g. {@code spec.rules[0].backendRefs[1]}
 * @param weight the weight, 1 by default; 0 means the backend takes no traffic
 */
public record BackendRef(ObjectKey target, FieldPath path, long weight) {

  public boolean isBackendResource() {
    return target.role() == KindRole.BACKEND;
  }

  /** The backendRefs of rule {@code ruleIndex} of {@code route}. */
  public static List<BackendRef> of(Resource route, int ruleIndex, MapNode rule) {
    List<BackendRef> refs = new ArrayList<>();
    Node list = rule.get("backendRefs");
    if (!(list instanceof dev.spl.model.ListNode items)) {
      return refs;
    }
    FieldPath base = FieldPath.of("spec", "rules", ruleIndex, "backendRefs");
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i) instanceof MapNode ref) || ref.string("name") == null) {
        continue;
      }
      String group = orDefault(ref.string("group"), "");
      String kind = orDefault(ref.string("kind"), Kinds.SERVICE);
      String namespace = orDefault(ref.string("namespace"), route.namespace());
      long weight =
          ref.get("weight") instanceof ScalarNode s && s.value() instanceof Long w ? w : 1;
      refs.add(
          new BackendRef(
              new ObjectKey(group, kind, namespace, ref.string("name")), base.index(i), weight));
    }
    return refs;
  }

  private static String orDefault(String value, String fallback) {
    return value == null || value.isEmpty() ? fallback : value;
  }
}
