package dev.spl.index;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.FieldPath;
import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The cross-resource view of one lint, built once over every input: objects by reference, route
 * rules with their resolved backends, and who attaches session persistence to what. Rules query it
 * by key; none loops over every pair of resources. A reference that resolves nowhere yields nothing
 * (partial manifest sets are normal), so rules that need it stay silent rather than guess.
 */
public final class ResourceIndex {
  private final List<Resource> routes = new ArrayList<>();
  // in input order: a rule walking them reports in the order the user wrote them
  private final Map<ObjectKey, Resource> objects = new java.util.LinkedHashMap<>();
  // reference targets a build renamed, by the name their files write
  private final Map<ObjectKey, Resource> renamed = new HashMap<>();
  private final Map<Resource, List<SessionPersistenceSite>> sites = new IdentityHashMap<>();
  private final Map<Resource, List<RouteRule>> rules = new IdentityHashMap<>();
  private final Map<ObjectKey, List<SessionPersistenceSite>> policiesByTarget = new HashMap<>();
  private final Map<ObjectKey, List<RouteRule>> rulesByBackend = new HashMap<>();
  private final Map<Resource, List<ObjectKey>> policyTargets = new IdentityHashMap<>();
  private final List<Duplicate> duplicates = new ArrayList<>();
  private final Map<KindRole, List<Resource>> listed = new java.util.EnumMap<>(KindRole.class);
  private ReferenceGrants grants = ReferenceGrants.NONE;

  /**
   * What the index itself reads to tell which references take effect, kept whatever the rules
   * declare: ReferenceGrants (a backend of another namespace) and the Gateways' listeners (the
   * routes they admit).
   */
  public static final Inputs INPUTS =
      Inputs.of(KindRole.REFERENCE_GRANT, "from", "to").and(KindRole.GATEWAY, "listeners");

  /** An object defined a second time in one build: only {@code first} is indexed. */
  public record Duplicate(Resource first, Resource again) {}

  private ResourceIndex() {}

  /** Indexes {@code resources}; {@code sitesOf} gives each one's validated persistence objects. */
  public static ResourceIndex build(
      Collection<Resource> resources, Function<Resource, List<SessionPersistenceSite>> sitesOf) {
    ResourceIndex index = new ResourceIndex();
    Map<ObjectKey, Resource> seen = new HashMap<>();
    for (Resource r : resources) {
      // The same object twice (a copied manifest, two files of one build) is one object: a
      // duplicate would otherwise collide with itself in every rule.
      Resource first = seen.putIfAbsent(ObjectKey.of(r), r);
      if (first != null) {
        index.duplicates.add(new Duplicate(first, r));
        index.sites.put(r, sitesOf.apply(r)); // what the copy carries, to compare (SPL104)
        continue;
      }
      if (r.isReferenceTarget()) {
        index.objects.putIfAbsent(ObjectKey.of(r).normalized(), r);
        r.rename()
            .ifPresent(
                rename ->
                    index.renamed.putIfAbsent(
                        new ObjectKey(r.group(), r.kind(), r.namespace(), rename.writtenName())
                            .normalized(),
                        r));
      }
      if (r.role().walkedWhole()) {
        index.listed.computeIfAbsent(r.role(), k -> new ArrayList<>()).add(r);
      }
      List<SessionPersistenceSite> own = sitesOf.apply(r);
      index.sites.put(r, own);
      if (r.role() == KindRole.ROUTE) {
        index.routes.add(r);
      }
      if (r.role() == KindRole.POLICY) {
        index.indexPolicy(r, own);
      }
    }
    index.grants = ReferenceGrants.of(index.all(KindRole.REFERENCE_GRANT));
    for (Resource route : index.routes) {
      index.indexRules(route);
    }
    return index;
  }

  /**
   * True for the resources the index needs: those that carry persistence and those a route or
   * policy can point at. Most documents are neither, so a streaming lint need not keep them.
   */
  public static boolean isIndexed(Resource r) {
    return r.attachment() != null || r.isReferenceTarget() || r.role().walkedWhole();
  }

  private void indexPolicy(Resource policy, List<SessionPersistenceSite> own) {
    if (own.isEmpty() || policy.spec() == null) {
      return;
    }
    if (policy.spec().list("targetRefs") == null) {
      return;
    }
    List<ObjectKey> keys = new ArrayList<>();
    for (TargetRef t : TargetRef.of(policy)) {
      keys.add(t.target());
      policiesByTarget.computeIfAbsent(t.target().normalized(), k -> new ArrayList<>()).addAll(own);
    }
    policyTargets.put(policy, List.copyOf(keys));
  }

  private void indexRules(Resource route) {
    List<RouteRule> list = new ArrayList<>();
    ListNode ruleNodes = route.spec() == null ? null : route.spec().list("rules");
    if (ruleNodes != null) {
      Map<Integer, SessionPersistenceSite> inline = new HashMap<>();
      for (SessionPersistenceSite s : sites.get(route)) {
        if (s.attachment() == AttachmentPoint.ROUTE_RULE) {
          inline.put((Integer) s.path().segments().get(2), s);
        }
      }
      for (int i = 0; i < ruleNodes.size(); i++) {
        if (ruleNodes.get(i) instanceof MapNode node) {
          // a reference to another namespace no ReferenceGrant permits sends nothing there
          List<BackendRef> backends =
              BackendRef.of(route, i, node).stream()
                  .filter(b -> grants.permits(route, b.target()))
                  .toList();
          RouteRule rule = new RouteRule(route, i, node, backends, inline.get(i));
          list.add(rule);
          for (BackendRef b : rule.backends()) {
            rulesByBackend
                .computeIfAbsent(b.target().normalized(), k -> new ArrayList<>())
                .add(rule);
          }
        }
      }
    }
    rules.put(route, List.copyOf(list));
  }

  /** Objects defined more than once, in input order; the index holds each first definition. */
  public List<Duplicate> duplicates() {
    return duplicates;
  }

  /** Every Ingress, HorizontalPodAutoscaler or workload (by {@code kind}), in input order. */
  public List<Resource> all(KindRole kind) {
    return listed.getOrDefault(kind, List.of());
  }

  /** Every HTTPRoute and GRPCRoute, in input order. */
  public List<Resource> routes() {
    return routes;
  }

  /** Every rule of every route, route by route. */
  public List<RouteRule> routeRules() {
    List<RouteRule> all = new ArrayList<>();
    for (Resource route : routes) {
      all.addAll(rules(route));
    }
    return all;
  }

  public List<RouteRule> rules(Resource route) {
    return rules.getOrDefault(route, List.of());
  }

  /** The route rules whose backendRefs point at {@code backend}. */
  public List<RouteRule> rulesReferencing(ObjectKey backend) {
    return rulesByBackend.getOrDefault(backend.normalized(), List.of());
  }

  /**
   * Every object of {@code role} that references can name (Services, Backends...), in input order:
   * for a rule that judges each with the objects around it.
   */
  public List<Resource> targets(KindRole role) {
    List<Resource> out = new ArrayList<>();
    for (Resource r : objects.values()) {
      if (r.role() == role) {
        out.add(r);
      }
    }
    return out;
  }

  public Optional<Resource> find(ObjectKey key) {
    return Optional.ofNullable(objects.get(key.normalized()));
  }

  /**
   * The object a build renamed from {@code key}'s name, when none in the build has that name now: a
   * reference the build left as written names nothing after it.
   */
  public Optional<Resource> findRenamed(ObjectKey key) {
    return find(key).isPresent()
        ? Optional.empty()
        : Optional.ofNullable(renamed.get(key.normalized()));
  }

  public List<SessionPersistenceSite> sites(Resource r) {
    return sites.getOrDefault(r, List.of());
  }

  /** Persistence that policies attach to {@code target}. */
  public List<SessionPersistenceSite> policySites(ObjectKey target) {
    return policiesByTarget.getOrDefault(target.normalized(), List.of());
  }

  /** The policies that carry session persistence, with their targets (targetRefs are local). */
  public Map<Resource, List<ObjectKey>> policyTargets() {
    return policyTargets;
  }

  /**
   * The persistence a backend carries on its own, whatever route uses it: from policies targeting
   * it and, for a Backend, from its endpointSelector.
   */
  public List<SessionPersistenceSite> backendPersistence(BackendRef ref) {
    List<SessionPersistenceSite> found = new ArrayList<>(policySites(ref.target()));
    if (ref.isBackendResource()) {
      find(ref.target())
          .ifPresent(
              backend ->
                  sites(backend).stream()
                      .filter(
                          s -> s.attachment() == AttachmentPoint.BACKEND && s.celInput() != null)
                      .forEach(found::add));
    }
    return found;
  }

  /**
   * The parentRefs of {@code route} that attach it: those to a Gateway not in the index (it cannot
   * be told) and those a listener of the Gateway admits ({@link AllowedRoutes}).
   */
  public List<ParentRef> parents(Resource route) {
    List<ParentRef> out = new ArrayList<>();
    for (ParentRef parent : ParentRef.of(route)) {
      Resource gateway =
          parent.gateway().role() == KindRole.GATEWAY ? objects.get(parent.gateway()) : null;
      if (gateway == null
          || AllowedRoutes.admits(gateway, parent.sectionName(), route.kind(), route.namespace())) {
        out.add(parent);
      }
    }
    return out;
  }

  /**
   * A GatewayClass that serves a route through one of its parent Gateways, with the controller it
   * names (null when it names none).
   */
  public record ServingClass(Resource gateway, Resource gatewayClass, String controllerName) {
    private static final FieldPath CLASS_NAME = FieldPath.of("spec", "gatewayClassName");
    private static final FieldPath CONTROLLER = FieldPath.of("spec", "controllerName");

    /**
     * Where the route's serving is written: the Gateway's class name and the class's controller.
     */
    public List<RelatedLocation> locations() {
      return List.of(
          new RelatedLocation(gateway.positionOf(CLASS_NAME), gateway.ref()),
          new RelatedLocation(gatewayClass.positionOf(CONTROLLER), gatewayClass.ref()));
    }
  }

  /**
   * The GatewayClasses serving {@code route}, one per parent Gateway whose Gateway and class are
   * both in the index, in the order of its parentRefs: what the controller-specific rules ask.
   */
  public List<ServingClass> servingClasses(Resource route) {
    List<ServingClass> out = new ArrayList<>();
    for (ParentRef parent : parents(route)) {
      if (parent.gateway().role() != KindRole.GATEWAY) {
        continue;
      }
      Optional<Resource> gateway = find(parent.gateway());
      String className =
          gateway
              .map(g -> g.spec() == null ? null : g.spec().string("gatewayClassName"))
              .orElse(null);
      if (className == null) {
        continue;
      }
      find(new ObjectKey(KindCatalogue.GATEWAY_GROUP, Kinds.GATEWAY_CLASS, "", className))
          .ifPresent(
              c ->
                  out.add(
                      new ServingClass(
                          gateway.get(),
                          c,
                          c.spec() == null ? null : c.spec().string("controllerName"))));
    }
    return out;
  }
}
