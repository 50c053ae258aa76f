package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceLocator;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.Collection;
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
  /**
   * One kept object with its validated session persistence, and what it refers to: the Gateways and
   * backends of a route, the targets of a policy (computed once, when it changes).
   */
  public record Entry(
      Resource resource,
      List<SessionPersistenceSite> sites,
      List<ObjectKey> parents,
      List<ObjectKey> backends,
      Set<String> nameKeys) {}

  /**
   * At most this many of the routes sharing a Gateway with a reviewed route, among those that use
   * one of its session names: one is enough for SPL103 to report the reviewed route (which it does
   * against the first it collides with), and a tenant's thousands of routes on one Gateway must not
   * make each review cost thousands.
   */
  static final int SHARING_ROUTES = 32;

  private static final String GATEWAY_GROUP = KindCatalogue.GATEWAY_GROUP;

  private final GatewayApiVersion version;
  private final IndexFields fields;
  private final Map<ObjectKey, Entry> objects = new ConcurrentHashMap<>();
  // Each index maps a target to the keys that refer to it (ReferrerSet: a few, mostly one).
  // routes by a backend they name and their own namespace: another namespace's routes count only
  // where a ReferenceGrant lets them, and are then looked up namespace by namespace
  private final Map<RouteFrom, Collection<ObjectKey>> routesByBackend = new ConcurrentHashMap<>();
  private final Map<ObjectKey, Collection<ObjectKey>> policiesByTarget = new ConcurrentHashMap<>();
  private final Map<ObjectKey, Collection<ObjectKey>> ingressesByService =
      new ConcurrentHashMap<>();
  // Ingresses by each host they route (lower case; "*" for a rule without one)
  private final Map<String, Collection<ObjectKey>> ingressesByHost = new ConcurrentHashMap<>();
  // keyed by a Namespace key: the autoscalers of one namespace are few
  private final Map<ObjectKey, Collection<ObjectKey>> workloadsByNamespace =
      new java.util.HashMap<>();
  private final Map<ObjectKey, Collection<ObjectKey>> autoscalersByNamespace =
      new ConcurrentHashMap<>();
  // routes by a Gateway they name, a session name they carry inline and whether they are in the
  // Gateway's namespace (others count only where a listener admits other namespaces)
  private final Map<ParentName, Collection<ObjectKey>> routesByParentName =
      new ConcurrentHashMap<>();
  // policies and Backends by the session names they give the routes that use them, in all and by
  // namespace
  private final Map<String, Collection<ObjectKey>> carriersByName = new ConcurrentHashMap<>();
  private final Map<NameIn, Collection<ObjectKey>> carriersByNameIn = new ConcurrentHashMap<>();
  // ReferenceGrants by the namespace they are in, and by each namespace they admit routes from
  private final Map<String, Collection<ObjectKey>> grantsByNamespace = new ConcurrentHashMap<>();
  private final Map<String, Collection<ObjectKey>> grantsByFrom = new ConcurrentHashMap<>();
  // IngressClasses, by name: the rules are given their controllers, not the objects
  private final Map<String, Resource> ingressClasses = new ConcurrentHashMap<>();
  private volatile IngressClasses classes = IngressClasses.NONE;

  /**
   * One entry of one of the indexes above: {@code index} maps {@code target} to the object. Derived
   * from the object's {@link Entry} when it is put and again when it goes, never stored.
   */
  private record Link(Map<Object, Collection<ObjectKey>> index, Object target) {}

  private record ParentName(ObjectKey gateway, String name, boolean local) {}

  private record RouteFrom(ObjectKey backend, String namespace) {}

  private record NameIn(String name, String namespace) {}

  /** The route kinds a ReferenceGrant's {@code from} names, as (group, kind). */
  private static final List<List<String>> ROUTE_KINDS =
      List.of(List.of(GATEWAY_GROUP, Kinds.HTTP_ROUTE), List.of(GATEWAY_GROUP, Kinds.GRPC_ROUTE));

  /**
   * At most this many carriers of one session name are looked through, in all namespaces, for a
   * Gateway whose listeners admit other namespaces' routes (one admitting only its own namespace
   * looks in that namespace and those that grant it references, whatever the count elsewhere).
   */
  static final int OPEN_CARRIERS = 256;

  /** An index for {@code version} keeping what {@code inputs} (the rules' declarations) read. */
  public LiveIndex(GatewayApiVersion version, Inputs inputs) {
    this(version, inputs, Budget.NONE);
  }

  /**
   * What the index may hold, in {@link IndexFields#costOf} units (about two bytes of heap each):
   * per object, per namespace and in all. One tenant's Deployments with hundreds of kilobytes of
   * pod-template labels, or Services with huge ignore annotations, cannot then fill the heap of
   * every replica: an object over a budget is left out (reviews are judged as if it were absent),
   * counted ({@link #overBudget}) and its namespace's share stays its own.
   */
  public record Budget(long perObject, long perNamespace, long total) {
    public static final Budget NONE = new Budget(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
  }

  /** An index keeping at most {@code budget} of what the rules read. */
  public LiveIndex(GatewayApiVersion version, Inputs inputs, Budget budget) {
    this.version = version;
    this.fields = new IndexFields(inputs);
    this.budget = budget;
  }

  private final Budget budget;
  private final java.util.Set<ObjectKey> overBudget = ConcurrentHashMap.newKeySet();
  private final Map<ObjectKey, Long> costs = new ConcurrentHashMap<>();
  private final Map<String, Long> namespaceCosts = new ConcurrentHashMap<>();
  private long totalCost;

  /** How many objects are left out of the index for being over a budget. */
  public int overBudget() {
    return overBudget.size();
  }

  /** What the kept objects cost in all, in {@link IndexFields#costOf} units. */
  public synchronized long cost() {
    return totalCost;
  }

  /** Adds or replaces {@code resource}. */
  public synchronized void put(Resource resource) {
    putWithinBudget(resource);
  }

  /**
   * Adds or replaces {@code resource}; false when it is over the per-object budget and was left out
   * (an older copy of it is removed, so no stale version judges reviews).
   */
  public synchronized boolean putWithinBudget(Resource resource) {
    if (resource.role() == KindRole.INGRESS_CLASS) {
      ingressClasses.put(resource.name(), resource);
      classes = IngressClasses.of(ingressClasses.values());
      return true;
    }
    if (!ResourceIndex.isIndexed(resource)) {
      return true;
    }
    ObjectKey written = ObjectKey.of(resource).normalized();
    unlink(written);
    Resource kept = fields.project(resource);
    if (kept == null) {
      return true; // no rule reads its kind
    }
    long cost = IndexFields.costOf(kept.root(), budget.perObject());
    String namespace = kept.namespace();
    if (cost > budget.perObject()
        || namespaceCosts.getOrDefault(namespace, 0L) + cost > budget.perNamespace()
        || totalCost + cost > budget.total()) {
      overBudget.add(written); // unlinked above: no older copy stays
      return false;
    }
    overBudget.remove(written);
    List<SessionPersistenceSite> sites =
        resource.attachment() != null
            ? SessionPersistenceLocator.find(resource, version)
            : List.of();
    // the key of the kept copy: its Strings are shared with the other kept objects
    ObjectKey key = ObjectKey.of(kept).normalized();
    // An object of another version's shape takes no part in the cross-resource rules (Engine).
    List<SessionPersistenceSite> keptSites =
        IndexFields.keptSites(kept, sites.stream().filter(s -> s.writtenFor().isEmpty()).toList());
    Entry entry = entry(kept, keptSites);
    objects.put(key, entry);
    costs.put(key, cost);
    namespaceCosts.merge(namespace, cost, Long::sum);
    totalCost += cost;
    for (Link l : links(entry)) {
      l.index().compute(l.target(), (t, referrers) -> ReferrerSet.with(referrers, key));
    }
    return true;
  }

  /** Where {@code entry} is indexed. */
  private List<Link> links(Entry entry) {
    List<Link> out = new ArrayList<>();
    Resource kept = entry.resource();
    for (ObjectKey gateway : entry.parents()) {
      boolean local = gateway.namespace().equals(kept.namespace());
      for (String name : entry.nameKeys()) {
        out.add(link(routesByParentName, new ParentName(gateway, name, local)));
      }
    }
    KindRole kind = kept.role();
    if (kind != KindRole.ROUTE) {
      for (String name : entry.nameKeys()) {
        out.add(link(carriersByName, name));
        out.add(link(carriersByNameIn, new NameIn(name, kept.namespace())));
      }
    }
    for (ObjectKey backend : entry.backends()) {
      if (kind == KindRole.ROUTE) {
        out.add(link(routesByBackend, new RouteFrom(backend, kept.namespace())));
      } else {
        out.add(link(kind == KindRole.INGRESS ? ingressesByService : policiesByTarget, backend));
      }
    }
    if (kind == KindRole.REFERENCE_GRANT) {
      out.add(link(grantsByNamespace, kept.namespace()));
      for (String from : grantedFrom(kept)) {
        out.add(link(grantsByFrom, from));
      }
    }
    if (kind == KindRole.HORIZONTAL_POD_AUTOSCALER) {
      out.add(link(autoscalersByNamespace, namespaceKey(kept.namespace())));
    }
    if (kind == KindRole.WORKLOAD) {
      out.add(link(workloadsByNamespace, namespaceKey(kept.namespace())));
    }
    if (kind == KindRole.INGRESS) {
      hostsOf(kept).forEach(h -> out.add(link(ingressesByHost, h)));
    }
    return out;
  }

  private static Entry entry(Resource r, List<SessionPersistenceSite> sites) {
    Set<String> names = new java.util.HashSet<>();
    for (SessionPersistenceSite site : sites) {
      if (site.nameKey() != null) {
        names.add(site.nameKey());
      }
    }
    if (r.role() == KindRole.ROUTE) {
      List<ObjectKey> parents = new ArrayList<>();
      for (ParentRef p : ParentRef.of(r)) {
        parents.add(p.gateway().normalized());
      }
      return new Entry(
          r, sites, List.copyOf(parents), List.copyOf(References.backendsOf(r)), Set.copyOf(names));
    }
    if (r.role() == KindRole.POLICY || r.role() == KindRole.SERVICE_POLICY) {
      return new Entry(
          r, sites, List.of(), List.copyOf(References.targetsOf(r)), Set.copyOf(names));
    }
    if (r.role() == KindRole.INGRESS) {
      return new Entry(r, sites, List.of(), List.copyOf(References.servicesOf(r)), Set.of());
    }
    // a Backend (main) names its own sessions; a Service none
    return new Entry(r, sites, List.of(), List.of(), Set.copyOf(names));
  }

  /** Removes the object of this kind, namespace and name. */
  public synchronized void remove(ObjectKey key) {
    if (key.role() == KindRole.INGRESS_CLASS) {
      ingressClasses.remove(key.name());
      classes = IngressClasses.of(ingressClasses.values());
      return;
    }
    overBudget.remove(key.normalized());
    unlink(key.normalized());
  }

  /** Which controller serves each Ingress class, from the IngressClasses watched. */
  public IngressClasses ingressClasses() {
    return classes;
  }

  public int size() {
    return objects.size();
  }

  /** Every kept object: for a background audit of the whole cluster, not for a review. */
  public List<Entry> all() {
    return List.copyOf(objects.values());
  }

  /**
   * The kept objects the cross-resource rules need to judge {@code reviewed}: for a route, its
   * Gateways and their GatewayClasses, its backends and the policies on them, and the routes that
   * share a Gateway or a backend with it (with their backends' policies); for a Service or Backend,
   * the routes and policies that refer to it; for a policy, its targets and what refers to them;
   * for an implementation's own policy on a Service, that Service, the other policies on it and the
   * Ingresses in front of it; with the Services of a route, an Ingress or such a policy, and with a
   * reviewed Service, the BackendConfigs they name; with an Ingress, or those in front of a
   * reviewed Service, the Ingresses of its hosts and their Services. The reviewed object's own
   * cached copy is left out.
   */
  public List<Entry> neighbours(Resource reviewed) {
    ObjectKey self = ObjectKey.of(reviewed).normalized();
    Map<ObjectKey, Entry> out = new LinkedHashMap<>();
    List<ObjectKey> routes = new ArrayList<>();
    Entry own = entry(reviewed, List.of());
    if (reviewed.role() == KindRole.ROUTE) {
      Set<String> names = namesOf(reviewed);
      for (ObjectKey gateway : own.parents()) {
        addGateway(gateway, out);
        routes.addAll(sharing(gateway, names, self));
      }
      for (ObjectKey backend : own.backends()) {
        add(backend, out);
        addConfigs(backend, out);
        addGrants(backend.namespace(), out);
        for (ObjectKey policy : referrers(policiesByTarget, backend)) {
          add(policy, out);
        }
      }
    } else if (reviewed.role() == KindRole.POLICY) {
      for (ObjectKey target : own.backends()) {
        addTarget(target, out, routes);
      }
    } else if (reviewed.role() == KindRole.SERVICE_POLICY) {
      // the other policies on its Services (GKE's affinity and the balancer it needs), and the
      // Ingresses in front of them with the BackendConfigs those read
      for (ObjectKey target : own.backends()) {
        add(target, out);
        addConfigs(target, out);
        referrers(policiesByTarget, target).forEach(p -> add(p, out));
        referrers(ingressesByService, target).forEach(i -> add(i, out));
      }
    } else if (reviewed.role() == KindRole.INGRESS) {
      for (ObjectKey service : own.backends()) {
        add(service, out);
        addConfigs(service, out);
        referrers(ingressesByService, service).forEach(i -> add(i, out));
        referrers(policiesByTarget, service).forEach(p -> add(p, out));
      }
      addAutoscalers(reviewed.namespace(), out);
      classes.parametersFor(reviewed).ifPresent(k -> add(k, out));
      addHostPeers(reviewed, out);
    } else {
      addTarget(self, out, routes);
      for (ObjectKey ingress : referrers(ingressesByService, self)) {
        add(ingress, out);
        Entry in = objects.get(ingress);
        if (in != null) {
          classes.parametersFor(in.resource()).ifPresent(k -> add(k, out));
          addHostPeers(in.resource(), out);
        }
      }
      References.configsOf(reviewed).forEach(c -> add(c, out));
      if (reviewed.role() == KindRole.SERVICE) {
        addSelected(reviewed, out);
      }
    }
    for (ObjectKey r : routes) {
      Entry route = objects.get(r);
      if (route == null || out.containsKey(r)) {
        continue;
      }
      out.put(r, route);
      for (ObjectKey gateway : route.parents()) {
        addGateway(gateway, out);
      }
      for (ObjectKey backend : route.backends()) {
        add(backend, out);
        addConfigs(backend, out);
        addGrants(backend.namespace(), out);
        for (ObjectKey policy : referrers(policiesByTarget, backend)) {
          add(policy, out);
        }
      }
    }
    out.remove(self);
    return new ArrayList<>(out.values());
  }

  /**
   * Routes on {@code gateway} that use one of {@code names}: inline, or through a policy on a
   * backend or a Backend they route to; found by name, never by walking the Gateway's routes. At
   * most {@value #SHARING_ROUTES}.
   */
  private Set<ObjectKey> sharing(ObjectKey gateway, Set<String> names, ObjectKey self) {
    Set<ObjectKey> out = new java.util.LinkedHashSet<>();
    Entry gw = objects.get(gateway);
    // a Gateway not kept cannot say whom it admits: its listeners are read as admitting all
    boolean open = gw == null || AllowedRoutes.admitsOtherNamespaces(gw.resource());
    for (String name : names) {
      List<ObjectKey> inline =
          new ArrayList<>(referrers(routesByParentName, new ParentName(gateway, name, true)));
      if (open) {
        inline.addAll(referrers(routesByParentName, new ParentName(gateway, name, false)));
      }
      for (ObjectKey r : inline) {
        if (!r.equals(self) && out.add(r) && out.size() == SHARING_ROUTES) {
          return out;
        }
      }
      for (ObjectKey carrier : carriers(name, gateway, open)) {
        Entry c = objects.get(carrier);
        if (c == null) {
          continue;
        }
        // a policy names its targets; a Backend is itself what routes refer to
        List<ObjectKey> used = c.backends().isEmpty() ? List.of(carrier) : c.backends();
        for (ObjectKey backend : used) {
          for (ObjectKey r : routesTo(backend)) {
            Entry route = objects.get(r);
            if (route != null
                && !r.equals(self)
                && route.parents().contains(gateway)
                && out.add(r)
                && out.size() == SHARING_ROUTES) {
              return out;
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * The policies and Backends carrying session name {@code name} whose routes could attach to
   * {@code gateway}: for a Gateway admitting only its own namespace's routes, those of its
   * namespace and of the namespaces that grant that namespace's routes references; for an open one,
   * the first {@value #OPEN_CARRIERS} anywhere.
   */
  private List<ObjectKey> carriers(String name, ObjectKey gateway, boolean open) {
    if (open) {
      return referrers(carriersByName, name).stream().limit(OPEN_CARRIERS).toList();
    }
    List<ObjectKey> out =
        new ArrayList<>(referrers(carriersByNameIn, new NameIn(name, gateway.namespace())));
    Set<String> granting = new java.util.TreeSet<>();
    for (ObjectKey grant : referrers(grantsByFrom, gateway.namespace())) {
      granting.add(grant.namespace());
    }
    granting.remove(gateway.namespace());
    for (String ns : granting) {
      out.addAll(referrers(carriersByNameIn, new NameIn(name, ns)));
    }
    return out;
  }

  /**
   * The routes that name {@code backend} and may: those of its namespace, and of the namespaces a
   * ReferenceGrant there admits. Other namespaces' routes are never looked at, however many.
   */
  private List<ObjectKey> routesTo(ObjectKey backend) {
    List<ObjectKey> out =
        new ArrayList<>(referrers(routesByBackend, new RouteFrom(backend, backend.namespace())));
    for (String ns : grantsIn(backend.namespace()).namespacesAdmittedTo(backend, ROUTE_KINDS)) {
      for (ObjectKey r : referrers(routesByBackend, new RouteFrom(backend, ns))) {
        Entry route = objects.get(r);
        if (route != null
            && grantsIn(backend.namespace())
                .permits(route.resource().group(), route.resource().kind(), ns, backend)) {
          out.add(r);
        }
      }
    }
    return out;
  }

  /** The ReferenceGrants kept in {@code namespace}. */
  private ReferenceGrants grantsIn(String namespace) {
    Collection<ObjectKey> keys = referrers(grantsByNamespace, namespace);
    if (keys.isEmpty()) {
      return ReferenceGrants.NONE;
    }
    List<Resource> grants = new ArrayList<>();
    for (ObjectKey k : keys) {
      Entry e = objects.get(k);
      if (e != null) {
        grants.add(e.resource());
      }
    }
    return ReferenceGrants.of(grants);
  }

  private void addGrants(String namespace, Map<ObjectKey, Entry> out) {
    referrers(grantsByNamespace, namespace).forEach(g -> add(g, out));
  }

  /** The namespaces a ReferenceGrant admits references from. */
  private static Set<String> grantedFrom(Resource grant) {
    Set<String> out = new java.util.TreeSet<>();
    dev.spl.model.ListNode from = grant.spec() == null ? null : grant.spec().list("from");
    for (int i = 0; from != null && i < from.size(); i++) {
      if (from.get(i) instanceof dev.spl.model.MapNode f && f.string("namespace") != null) {
        out.add(f.string("namespace"));
      }
    }
    return out;
  }

  /** The session names a reviewed route uses, inline or through policies on its backends. */
  private Set<String> namesOf(Resource route) {
    Set<String> names = new java.util.HashSet<>();
    for (SessionPersistenceSite site : SessionPersistenceLocator.find(route, version)) {
      if (site.nameKey() != null) {
        names.add(site.nameKey());
      }
    }
    for (ObjectKey backend : References.backendsOf(route)) {
      Entry own = objects.get(backend.normalized()); // a Backend carries its own persistence
      if (own != null) {
        names.addAll(own.nameKeys());
      }
      for (ObjectKey policy : referrers(policiesByTarget, backend)) {
        Entry p = objects.get(policy);
        if (p != null) {
          names.addAll(p.nameKeys());
        }
      }
    }
    return names;
  }

  /** The BackendConfigs a kept Service names: GKE's Ingress takes its affinity from them. */
  private void addConfigs(ObjectKey service, Map<ObjectKey, Entry> out) {
    Entry kept = objects.get(service.normalized());
    if (kept != null && kept.resource().role() == KindRole.SERVICE) {
      References.configsOf(kept.resource()).forEach(c -> add(c, out));
    }
  }

  private void addTarget(ObjectKey target, Map<ObjectKey, Entry> out, List<ObjectKey> routes) {
    add(target, out);
    addGrants(target.namespace(), out);
    routes.addAll(routesTo(target));
    for (ObjectKey policy : referrers(policiesByTarget, target)) {
      add(policy, out);
    }
  }

  /**
   * The Ingresses that route a host {@code ingress} routes, and their Services: a browser keeps one
   * cookie per name and host, so Services behind one host share their sticky cookies' names
   * (SPL504). At most {@value #SHARING_ROUTES} Ingresses per host: others elsewhere naming the host
   * cannot make a review cost more.
   */
  private void addHostPeers(Resource ingress, Map<ObjectKey, Entry> out) {
    for (ObjectKey service : References.servicesOf(ingress)) {
      add(service, out);
    }
    ObjectKey self = ObjectKey.of(ingress).normalized();
    for (String host : hostsOf(ingress)) {
      int seen = 0;
      for (ObjectKey peer : referrers(ingressesByHost, host)) {
        if (peer.equals(self)) {
          continue;
        }
        Entry e = add(peer, out);
        if (e != null) {
          e.backends().forEach(b -> add(b, out));
        }
        if (++seen == SHARING_ROUTES) {
          break;
        }
      }
    }
  }

  private static Set<String> hostsOf(Resource ingress) {
    Set<String> hosts = new java.util.TreeSet<>();
    for (IngressPath p : IngressPath.of(ingress)) {
      hosts.add(p.host() == null ? "*" : p.host().toLowerCase(java.util.Locale.ROOT));
    }
    return hosts;
  }

  /**
   * The workloads a reviewed Service selects (how many pods it reaches), at most {@value
   * #SELECTED_WORKLOADS}, with the namespace's autoscalers.
   */
  private void addSelected(Resource service, Map<ObjectKey, Entry> out) {
    if (service.spec() == null
        || !(service.spec().get("selector") instanceof dev.spl.model.MapNode selector)
        || selector.entries().isEmpty()) {
      return;
    }
    Map<?, ?> wanted = (Map<?, ?>) selector.toPlain();
    int added = 0;
    for (ObjectKey w : referrers(workloadsByNamespace, namespaceKey(service.namespace()))) {
      Entry e = objects.get(w);
      if (e != null
          && e.resource()
                  .nodeAt(dev.spl.model.FieldPath.of("spec", "template", "metadata", "labels"))
              instanceof dev.spl.model.MapNode labels
          && ((Map<?, ?>) labels.toPlain()).entrySet().containsAll(wanted.entrySet())) {
        out.putIfAbsent(w, e);
        if (++added == SELECTED_WORKLOADS) {
          break;
        }
      }
    }
    if (added > 0) {
      addAutoscalers(service.namespace(), out);
    }
  }

  /** Enough to tell one pod from many; a Service selecting more is judged on these. */
  private static final int SELECTED_WORKLOADS = 16;

  /** The autoscalers of a namespace, with the workloads they scale. */
  private void addAutoscalers(String namespace, Map<ObjectKey, Entry> out) {
    for (ObjectKey hpa : referrers(autoscalersByNamespace, namespaceKey(namespace))) {
      Entry e = add(hpa, out);
      ObjectKey workload = e == null ? null : References.scaleTargetOf(e.resource());
      if (workload != null) {
        add(workload, out);
      }
    }
  }

  private static ObjectKey namespaceKey(String namespace) {
    return new ObjectKey("", "Namespace", "", namespace);
  }

  private void addGateway(ObjectKey gateway, Map<ObjectKey, Entry> out) {
    Entry gw = add(gateway, out);
    if (gw != null && gw.resource().spec() != null) {
      String className = gw.resource().spec().string("gatewayClassName");
      if (className != null) {
        add(new ObjectKey(GATEWAY_GROUP, Kinds.GATEWAY_CLASS, "", className), out);
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

  private <K> Collection<ObjectKey> referrers(Map<K, Collection<ObjectKey>> index, K key) {
    Collection<ObjectKey> found = index.getOrDefault(key, List.of());
    referencesRead.add(1 + found.size());
    return found;
  }

  // lookups and the keys they hand back: what a review's cost grows with, counted not timed
  private final java.util.concurrent.atomic.LongAdder referencesRead =
      new java.util.concurrent.atomic.LongAdder();

  /** How many index lookups, and keys found by them, reviews have made: their cost, counted. */
  public long referencesRead() {
    return referencesRead.sum();
  }

  @SuppressWarnings("unchecked") // each index is keyed by one type; a Link only hands it back
  private static <K> Link link(Map<K, Collection<ObjectKey>> index, K target) {
    return new Link((Map<Object, Collection<ObjectKey>>) (Map<?, ?>) index, target);
  }

  /** Takes the object kept under {@code key} out of the objects and every index. */
  private void unlink(ObjectKey key) {
    Entry old = objects.remove(key);
    if (old == null) {
      return;
    }
    Long cost = costs.remove(key);
    if (cost != null) {
      totalCost -= cost;
      namespaceCosts.computeIfPresent(
          old.resource().namespace(), (ns, c) -> c - cost <= 0 ? null : c - cost);
    }
    for (Link l : links(old)) {
      l.index().computeIfPresent(l.target(), (t, referrers) -> ReferrerSet.without(referrers, key));
    }
  }
}
