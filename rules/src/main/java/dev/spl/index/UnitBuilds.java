package dev.spl.index;

import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The builds the cross-resource rules judge when the input holds several units: objects that would
 * run together (a kustomize build, a chart's release, a directory as {@code kubectl apply -f} reads
 * it, one example or test fixture). A unit's build is its own objects, plus what reaches across
 * units by reference: the objects they name that the input defines exactly once, the objects of
 * other units naming those or naming the unit's own objects (when the input defines them once), and
 * those objects' own targets. Findings count only on a unit's own objects, so two units' objects
 * pair only through an object both reach by name; a name defined twice is each unit's own, and two
 * copies of one object never meet.
 */
public final class UnitBuilds {
  /** One unit's build: what the rules see, and which of it the unit owns (by identity). */
  public record Build(Unit unit, List<Resource> resources, Set<Resource> owned) {}

  private UnitBuilds() {}

  /**
   * @param kept the resources kept for the cross-resource rules, in input order
   * @param unitsOf each resource's units; absent or empty: it belongs to every unit
   * @param units every unit named
   * @param standAlone the units whose objects look up what they name but meet no other unit's
   *     objects through it (an example or a test fixture: loaded alone, never beside another)
   */
  public static List<Build> of(
      List<Resource> kept,
      Map<Resource, Set<Unit>> unitsOf,
      Set<Unit> units,
      Set<Unit> standAlone) {
    Map<ObjectKey, List<Resource>> definitions = new HashMap<>();
    Map<ObjectKey, List<Resource>> referrers = new HashMap<>();
    Map<Resource, List<ObjectKey>> named = new IdentityHashMap<>();
    Map<Unit, List<Resource>> own = new LinkedHashMap<>();
    Map<Resource, Integer> order = new IdentityHashMap<>();
    units.forEach(u -> own.put(u, new ArrayList<>()));
    for (Resource r : kept) {
      order.put(r, order.size());
      definitions.computeIfAbsent(ObjectKey.of(r).normalized(), k -> new ArrayList<>()).add(r);
      List<ObjectKey> refs = References.named(r);
      named.put(r, refs);
      for (ObjectKey k : refs) {
        referrers.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
      }
      Set<Unit> in = unitsOf.getOrDefault(r, Set.of());
      for (Unit u : in.isEmpty() ? units : in) {
        own.get(u).add(r);
      }
    }
    Reach reach = new Reach(definitions, referrers, named, unitsOf, standAlone, order);
    List<Build> builds = new ArrayList<>();
    for (Map.Entry<Unit, List<Resource>> e : own.entrySet()) {
      builds.add(reach.build(e.getKey(), e.getValue()));
    }
    return builds;
  }

  private record Reach(
      Map<ObjectKey, List<Resource>> definitions,
      Map<ObjectKey, List<Resource>> referrers,
      Map<Resource, List<ObjectKey>> named,
      Map<Resource, Set<Unit>> unitsOf,
      Set<Unit> standAlone,
      Map<Resource, Integer> order) {

    Build build(Unit unit, List<Resource> ownList) {
      Set<Resource> owned = Collections.newSetFromMap(new IdentityHashMap<>());
      owned.addAll(ownList);
      Set<ObjectKey> ownKeys = new java.util.HashSet<>();
      for (Resource r : ownList) {
        ownKeys.add(ObjectKey.of(r).normalized());
      }
      Set<Resource> imported = Collections.newSetFromMap(new IdentityHashMap<>());
      List<Resource> out = new ArrayList<>(ownList);
      // Objects that can be met through: the unit's own (when defined once in the input) and what
      // its objects name (defined once, elsewhere); then whoever else names them.
      List<ObjectKey> meeting = new ArrayList<>();
      for (Resource r : ownList) {
        ObjectKey self = ObjectKey.of(r).normalized();
        if (isUnique(self)) {
          meeting.add(self);
        }
        for (ObjectKey k : named.get(r)) {
          importTarget(k, unit, ownKeys, owned, imported, out, meeting);
        }
      }
      if (standAlone.contains(unit)) {
        meeting.clear();
      }
      for (int i = 0; i < meeting.size(); i++) {
        ObjectKey k = meeting.get(i);
        Resource met = definitions.get(k).get(0);
        for (Resource other : referrers.getOrDefault(k, List.of())) {
          if (owned.contains(other)
              || imported.contains(other)
              || sharesUnit(other, met)
              || standAlone.containsAll(unitsOf.getOrDefault(other, Set.of()))
              || !isUnique(ObjectKey.of(other).normalized())
              || ownKeys.contains(ObjectKey.of(other).normalized())) {
            continue;
          }
          imported.add(other);
          out.add(other);
          // What the other object names too (a route's backends and the policies on them), so the
          // rules see its effective persistence; not followed further.
          for (ObjectKey target : named.get(other)) {
            if (importTarget(target, unit, ownKeys, owned, imported, out, null)) {
              for (Resource policy : referrers.getOrDefault(target, List.of())) {
                if (policy.role() == KindRole.POLICY
                    && !owned.contains(policy)
                    && imported.add(policy)) {
                  out.add(policy);
                }
              }
            }
          }
        }
      }
      // In input order, as one build of everything would be: rules that report the later of two
      // objects must name the same one whichever unit's build finds it.
      out.sort(java.util.Comparator.comparingInt(order::get));
      return new Build(unit, out, owned);
    }

    /**
     * Adds the one definition of {@code k} when it is another unit's; returns whether {@code k}
     * resolves to one object at all. A target found is a meeting point too (its GatewayClass).
     */
    private boolean importTarget(
        ObjectKey k,
        Unit unit,
        Set<ObjectKey> ownKeys,
        Set<Resource> owned,
        Set<Resource> imported,
        List<Resource> out,
        List<ObjectKey> meeting) {
      if (ownKeys.contains(k)) {
        return true; // the unit's own copy is the one it names
      }
      if (!isUnique(k)) {
        return false;
      }
      Resource target = definitions.get(k).get(0);
      if (!owned.contains(target) && imported.add(target)) {
        out.add(target);
        if (meeting != null) {
          meeting.add(k);
        }
        for (ObjectKey next : named.get(target)) {
          if (!ownKeys.contains(next) && isUnique(next)) {
            Resource t = definitions.get(next).get(0);
            if (!owned.contains(t) && imported.add(t)) {
              out.add(t);
            }
          }
        }
      }
      return true;
    }

    private boolean isUnique(ObjectKey k) {
      List<Resource> defs = definitions.get(k);
      return defs != null && defs.size() == 1;
    }

    /**
     * True when {@code other} and {@code met} share a unit: then {@code other} names its own copy
     * (kustomize overlays over one base are alternatives, never one cluster).
     */
    private boolean sharesUnit(Resource other, Resource met) {
      Set<Unit> a = unitsOf.getOrDefault(other, Set.of());
      Set<Unit> b = unitsOf.getOrDefault(met, Set.of());
      if (a.isEmpty() || b.isEmpty()) {
        return true; // one of them is in every unit
      }
      for (Unit u : a) {
        if (b.contains(u)) {
          return true;
        }
      }
      return false;
    }
  }
}
