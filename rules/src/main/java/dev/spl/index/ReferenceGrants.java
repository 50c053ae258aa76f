package dev.spl.index;

import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which references to another namespace the ReferenceGrants given permit (Gateway API GEP-709): a
 * route's backendRef to a Service or Backend of another namespace takes effect only when a grant in
 * the target's namespace names the route's group, kind and namespace in {@code from} and the
 * target's group, kind and (when given) name in {@code to}. Without one the controller refuses the
 * reference (ResolvedRefs False, RefNotPermitted) and no traffic, so no session, goes there.
 */
public final class ReferenceGrants {
  public static final ReferenceGrants NONE = new ReferenceGrants(Map.of());

  private record From(String group, String kind, String namespace) {}

  private record To(String group, String kind, String name) {
    boolean admits(ObjectKey target) {
      // compared as the index keys them: Backend and XBackend are one kind
      ObjectKey named =
          new ObjectKey(group, kind, target.namespace(), name == null ? target.name() : name);
      return named.normalized().equals(target.normalized());
    }
  }

  private record Grant(List<From> from, List<To> to) {}

  // by the namespace a grant is in: the namespace whose objects it opens to others
  private final Map<String, List<Grant>> byNamespace;

  private ReferenceGrants(Map<String, List<Grant>> byNamespace) {
    this.byNamespace = byNamespace;
  }

  /** The grants among {@code resources} (other kinds are passed over). */
  public static ReferenceGrants of(Collection<Resource> resources) {
    Map<String, List<Grant>> byNamespace = new HashMap<>();
    for (Resource r : resources) {
      Grant g = r.role() == KindRole.REFERENCE_GRANT ? grant(r) : null;
      if (g != null) {
        byNamespace.computeIfAbsent(r.namespace(), k -> new ArrayList<>()).add(g);
      }
    }
    return byNamespace.isEmpty() ? NONE : new ReferenceGrants(byNamespace);
  }

  private static Grant grant(Resource r) {
    MapNode spec = r.spec();
    ListNode from = spec == null ? null : spec.list("from");
    ListNode to = spec == null ? null : spec.list("to");
    if (from == null || to == null) {
      return null;
    }
    List<From> froms = new ArrayList<>();
    for (int i = 0; i < from.size(); i++) {
      if (from.get(i) instanceof MapNode f) {
        froms.add(new From(text(f, "group"), text(f, "kind"), text(f, "namespace")));
      }
    }
    List<To> tos = new ArrayList<>();
    for (int i = 0; i < to.size(); i++) {
      if (to.get(i) instanceof MapNode t) {
        String name = text(t, "name");
        tos.add(new To(text(t, "group"), text(t, "kind"), name.isEmpty() ? null : name));
      }
    }
    return new Grant(List.copyOf(froms), List.copyOf(tos));
  }

  private static String text(MapNode node, String key) {
    String v = ScalarNode.text(node.get(key));
    return v == null ? "" : v;
  }

  /** True when {@code from} may refer to {@code target}: one namespace, or a grant permits it. */
  public boolean permits(Resource from, ObjectKey target) {
    return from.namespace().equals(target.namespace())
        || permits(from.group(), from.kind(), from.namespace(), target);
  }

  /** True when a grant in {@code target}'s namespace admits objects of this group and kind. */
  public boolean permits(String group, String kind, String namespace, ObjectKey target) {
    for (Grant g : byNamespace.getOrDefault(target.namespace(), List.of())) {
      boolean fromOk =
          g.from().stream()
              .anyMatch(
                  f ->
                      f.group().equals(group)
                          && f.kind().equals(kind)
                          && f.namespace().equals(namespace));
      if (fromOk && g.to().stream().anyMatch(t -> t.admits(target))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The namespaces whose objects of one of {@code kinds} (group, kind pairs) a grant in {@code
   * target}'s namespace lets refer to it, the target's own namespace first.
   */
  public Set<String> namespacesAdmittedTo(ObjectKey target, Collection<List<String>> kinds) {
    Set<String> out = new TreeSet<>();
    for (Grant g : byNamespace.getOrDefault(target.namespace(), List.of())) {
      if (g.to().stream().noneMatch(t -> t.admits(target))) {
        continue;
      }
      for (From f : g.from()) {
        if (kinds.contains(List.of(f.group(), f.kind()))) {
          out.add(f.namespace());
        }
      }
    }
    out.remove(target.namespace());
    return out;
  }
}
