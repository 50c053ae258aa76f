package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ParentRef;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** SPL103: the same session name on routes that share a Gateway listener and hostname. */
@RuleDefinition(
    id = "SPL103",
    name = "session-name-collision-across-routes",
    severity = Severity.WARNING,
    summary = "The same session name on routes sharing a Gateway listener and hostname.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class SessionNameCollisionAcrossRoutes implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "session name \"{name}\" is also used by {other} {where}; use a distinct name");

  /** A Gateway and a session name: routes in one bucket may collide. */
  private record Bucket(ObjectKey gateway, String nameKey) {}

  /** One route's persistence seen on one Gateway. */
  private record Attached(
      Resource route, ParentRef parent, List<String> hosts, EffectivePersistence p) {

    boolean collidesWith(Attached other) {
      return other.route() != route
          && other.p().site() != p.site()
          && other.parent().sharesListenerWith(parent)
          && Hostnames.overlap(other.hosts(), hosts);
    }

    /** True when every hostname is exact: such a route is found by host, without a scan. */
    boolean hasOnlyExactHosts() {
      return !hosts.isEmpty() && hosts.stream().noneMatch(h -> h.startsWith("*"));
    }
  }

  /**
   * The routes of one bucket. Exact hostnames are indexed, so that a route finds an earlier one on
   * its hostname at once; only routes with wildcard or no hostnames are scanned. Each route is
   * reported once, against the first route it collides with: a group of n colliding routes costs n
   * findings and linear time, never n squared.
   */
  private static final class Routes {
    private final Map<String, List<Attached>> byHost = new HashMap<>();
    private final List<Attached> wide = new ArrayList<>(); // wildcard or no hostnames
    private final List<Attached> all = new ArrayList<>();

    Attached firstCollision(Attached a) {
      if (a.hasOnlyExactHosts()) {
        for (String host : a.hosts()) {
          for (Attached other : byHost.getOrDefault(host, List.of())) {
            if (a.collidesWith(other)) {
              return other;
            }
          }
        }
        for (Attached other : wide) {
          if (a.collidesWith(other)) {
            return other;
          }
        }
        return null;
      }
      for (Attached other : all) {
        if (a.collidesWith(other)) {
          return other;
        }
      }
      return null;
    }

    void add(Attached a) {
      all.add(a);
      if (a.hasOnlyExactHosts()) {
        for (String host : a.hosts()) {
          byHost.computeIfAbsent(host, k -> new ArrayList<>()).add(a);
        }
      } else {
        wide.add(a);
      }
    }
  }

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS.and(
        KindRole.ROUTE, "parentRefs", "hostnames", "rules.matches");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    Map<Bucket, Routes> byGatewayAndName = new HashMap<>();
    for (Resource route : index.routes()) {
      List<String> hosts = Hostnames.of(route);
      List<EffectivePersistence> persistence = new ArrayList<>();
      for (RouteRule rule : index.rules(route)) {
        persistence.addAll(EffectivePersistence.of(index, rule));
      }
      if (persistence.isEmpty()) {
        continue;
      }
      Set<String> reported = new HashSet<>();
      for (ParentRef parent : index.parents(route)) {
        for (EffectivePersistence p : persistence) {
          String name = p.site().nameKey();
          if (name == null) {
            continue;
          }
          Routes bucket =
              byGatewayAndName.computeIfAbsent(
                  new Bucket(parent.gateway(), name), k -> new Routes());
          Attached attached = new Attached(route, parent, hosts, p);
          Attached other = reported.contains(name) ? null : bucket.firstCollision(attached);
          if (other != null) {
            reported.add(name);
            reporter.report(
                info(),
                route,
                p.routeField(),
                MESSAGE.format(
                    "name",
                    p.site().sessionName(),
                    "other",
                    other.route().ref().describe(),
                    // A mesh route's parent is a Service: it has no listener.
                    "where",
                    parent.gateway().kind().equals(Kinds.GATEWAY)
                        ? "on the same listener"
                        : "for the same " + parent.gateway().kind()),
                List.of(Reporter.at(other.route(), other.p().routeField())));
          }
          bucket.add(attached);
        }
      }
    }
  }
}
