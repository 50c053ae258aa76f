package dev.spl.index;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceLocator;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A cluster's objects as the cross-resource rules need them, kept up to date one object at a time
 * (an admission webhook's informer events): each object is validated and projected to the fields
 * the rules read once, when it changes, and indexed by what refers to what. A review then checks
 * the reviewed object against its neighbours only, so its cost does not grow with the cluster. Safe
 * for one writer and many readers.
 */
public final class LiveIndex {
  /** One kept object with its validated session persistence. */
  public record Entry(Resource resource, List<SessionPersistenceSite> sites) {}

  private static final String GATEWAY_GROUP = SessionPersistenceLocator.GATEWAY_GROUP;

  private final GatewayApiVersion version;
  private final IndexFields fields = new IndexFields();
  private final Map<ObjectKey, Entry> objects = new ConcurrentHashMap<>();
  private final Map<ObjectKey, Set<ObjectKey>> routesByParent = new ConcurrentHashMap<>();
  private final Map<ObjectKey, Set<ObjectKey>> routesByBackend = new ConcurrentHashMap<>();
  private final Map<ObjectKey, Set<ObjectKey>> policiesByTarget = new ConcurrentHashMap<>();
  // what each kept object points at, to unlink it when it changes or goes
  private final Map<ObjectKey, List<Link>> links = new ConcurrentHashMap<>();

  private record Link(Map<ObjectKey, Set<ObjectKey>> index, ObjectKey target) {}

  public LiveIndex(GatewayApiVersion version) {
    this.version = version;
  }

  /** True for the kinds worth keeping: see {@link ResourceIndex#isIndexed}. */
  public static boolean keeps(Resource r) {
    return ResourceIndex.isIndexed(r);
  }

  /** Adds or replaces {@code resource}. */
  public synchronized void put(Resource resource) {
    if (!keeps(resource)) {
      return;
    }
    ObjectKey key = ObjectKey.of(resource).normalized();
    unlink(key);
    List<SessionPersistenceSite> sites =
        SessionPersistenceLocator.canCarryPersistence(resource)
            ? SessionPersistenceLocator.find(resource, version)
            : List.of();
    Resource kept = fields.project(resource);
    // An object of another version's shape takes no part in the cross-resource rules (Engine).
    List<SessionPersistenceSite> keptSites =
        sites.stream().filter(s -> s.writtenFor().isEmpty()).map(s -> s.on(kept)).toList();
    objects.put(key, new Entry(kept, keptSites));
    List<Link> out = new ArrayList<>();
    if (SessionPersistenceLocator.isRoute(kept)) {
      for (ParentRef p : ParentRef.of(kept)) {
        out.add(link(routesByParent, p.gateway().normalized(), key));
      }
      for (ObjectKey backend : backendsOf(kept)) {
        out.add(link(routesByBackend, backend, key));
      }
    } else if (SessionPersistenceLocator.isPolicy(kept)) {
      for (ObjectKey target : targetsOf(kept)) {
        out.add(link(policiesByTarget, target, key));
      }
    }
    links.put(key, out);
  }

  /** Removes the object of this kind, namespace and name. */
  public synchronized void remove(ObjectKey key) {
    ObjectKey k = key.normalized();
    unlink(k);
    objects.remove(k);
  }

  public int size() {
    return objects.size();
  }

  /**
   * The kept objects the cross-resource rules need to judge {@code reviewed}: for a route, its
   * Gateways and their GatewayClasses, its backends and the policies on them, and the routes that
   * share a Gateway or a backend with it (with their backends' policies); for a Service or Backend,
   * the routes and policies that refer to it; for a policy, its targets and what refers to them.
   * The reviewed object's own cached copy is left out.
   */
  public List<Entry> neighbours(Resource reviewed) {
    ObjectKey self = ObjectKey.of(reviewed).normalized();
    Map<ObjectKey, Entry> out = new LinkedHashMap<>();
    List<ObjectKey> routes = new ArrayList<>();
    if (SessionPersistenceLocator.isRoute(reviewed)) {
      for (ParentRef p : ParentRef.of(reviewed)) {
        routes.addAll(referrers(routesByParent, p.gateway().normalized()));
        addGateway(p.gateway().normalized(), out);
      }
      for (ObjectKey backend : backendsOf(reviewed)) {
        addTarget(backend, out, routes);
      }
    } else if (SessionPersistenceLocator.isPolicy(reviewed)) {
      for (ObjectKey target : targetsOf(reviewed)) {
        addTarget(target, out, routes);
      }
    } else {
      addTarget(self, out, routes);
    }
    for (ObjectKey r : routes) {
      Entry route = objects.get(r);
      if (route == null || out.containsKey(r)) {
        continue;
      }
      out.put(r, route);
      for (ParentRef p : ParentRef.of(route.resource())) {
        addGateway(p.gateway().normalized(), out);
      }
      for (ObjectKey backend : backendsOf(route.resource())) {
        add(backend, out);
        for (ObjectKey policy : referrers(policiesByTarget, backend)) {
          add(policy, out);
        }
      }
    }
    out.remove(self);
    return new ArrayList<>(out.values());
  }

  private void addTarget(ObjectKey target, Map<ObjectKey, Entry> out, List<ObjectKey> routes) {
    add(target, out);
    routes.addAll(referrers(routesByBackend, target));
    for (ObjectKey policy : referrers(policiesByTarget, target)) {
      add(policy, out);
    }
  }

  private void addGateway(ObjectKey gateway, Map<ObjectKey, Entry> out) {
    Entry gw = add(gateway, out);
    if (gw != null && gw.resource().spec() != null) {
      String className = gw.resource().spec().string("gatewayClassName");
      if (className != null) {
        add(new ObjectKey(GATEWAY_GROUP, "GatewayClass", "", className), out);
      }
    }
  }

  private Entry add(ObjectKey key, Map<ObjectKey, Entry> out) {
    Entry e = objects.get(key.normalized());
    if (e != null) {
      out.putIfAbsent(key.normalized(), e);
    }
    return e;
  }

  private static Set<ObjectKey> referrers(Map<ObjectKey, Set<ObjectKey>> index, ObjectKey key) {
    return index.getOrDefault(key, Set.of());
  }

  private static Link link(Map<ObjectKey, Set<ObjectKey>> index, ObjectKey target, ObjectKey from) {
    index.computeIfAbsent(target, k -> ConcurrentHashMap.newKeySet()).add(from);
    return new Link(index, target);
  }

  private void unlink(ObjectKey key) {
    List<Link> old = links.remove(key);
    if (old == null) {
      return;
    }
    for (Link l : old) {
      Set<ObjectKey> set = l.index().get(l.target());
      if (set != null) {
        set.remove(key);
        if (set.isEmpty()) {
          l.index().remove(l.target(), set);
        }
      }
    }
  }

  private static List<ObjectKey> backendsOf(Resource route) {
    List<ObjectKey> out = new ArrayList<>();
    ListNode rules = route.spec() == null ? null : route.spec().list("rules");
    if (rules == null) {
      return out;
    }
    for (int i = 0; i < rules.size(); i++) {
      if (rules.get(i) instanceof MapNode rule) {
        for (BackendRef b : BackendRef.of(route, i, rule)) {
          out.add(b.target().normalized());
        }
      }
    }
    return out;
  }

  private static List<ObjectKey> targetsOf(Resource policy) {
    List<ObjectKey> out = new ArrayList<>();
    ListNode targets = policy.spec() == null ? null : policy.spec().list("targetRefs");
    if (targets == null) {
      return out;
    }
    for (Node node : targets.items()) {
      if (node instanceof MapNode t && t.string("name") != null) {
        String group = t.string("group") == null ? "" : t.string("group");
        String kind = t.string("kind") == null ? "Service" : t.string("kind");
        out.add(new ObjectKey(group, kind, policy.namespace(), t.string("name")).normalized());
      }
    }
    return out;
  }
}
