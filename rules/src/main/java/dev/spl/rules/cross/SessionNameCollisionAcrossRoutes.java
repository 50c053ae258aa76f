package dev.spl.rules.cross;

import dev.spl.index.ObjectKey;
import dev.spl.index.ParentRef;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** SPL103: the same session name on routes that share a Gateway listener and hostname. */
public final class SessionNameCollisionAcrossRoutes implements IndexRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL103",
          "session-name-collision-across-routes",
          Severity.WARNING,
          "The same session name on routes sharing a Gateway listener and hostname.",
          "Browsers scope cookies by host and path, not by route: two routes attached to the same"
              + " listener for the same hostname receive each other's session cookie. With one name"
              + " for different backends, a client moving between the routes carries a token the"
              + " other route cannot honour, and its pinning is lost or misdirected.",
          "Use a distinct cookie or header name per route, or narrow the cookie path to the route's"
              + " paths.",
          "GEP-1619: 'Users should avoid reusing session names'; RFC 6265 §5.4");

  /** A Gateway and a session name: routes in one bucket may collide. */
  private record Bucket(ObjectKey gateway, String nameKey) {}

  /** One route's persistence seen on one Gateway. */
  private record Attached(
      Resource route, ParentRef parent, List<String> hosts, EffectivePersistence p) {}

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    Map<Bucket, List<Attached>> byGatewayAndName = new HashMap<>();
    for (Resource route : index.routes()) {
      List<String> hosts = Hostnames.of(route);
      Set<String> reported = new HashSet<>();
      List<EffectivePersistence> persistence = new ArrayList<>();
      for (RouteRule rule : index.rules(route)) {
        persistence.addAll(EffectivePersistence.of(index, rule));
      }
      if (persistence.isEmpty()) {
        continue;
      }
      for (ParentRef parent : ParentRef.of(route)) {
        for (EffectivePersistence p : persistence) {
          String name = p.site().nameKey();
          if (name == null) {
            continue;
          }
          ObjectKey gw = parent.gateway();
          List<Attached> bucket =
              byGatewayAndName.computeIfAbsent(new Bucket(gw, name), k -> new ArrayList<>());
          for (Attached other : bucket) {
            if (other.route() != route
                && other.p().site() != p.site()
                && other.parent().sharesListenerWith(parent)
                && Hostnames.overlap(other.hosts(), hosts)
                && reported.add(name + "|" + other.route().ref())) {
              reporter.report(
                  INFO,
                  route,
                  p.routeField(),
                  "session name \""
                      + p.site().sessionName()
                      + "\" is also used by "
                      + other.route().ref().describe()
                      + " on the same listener; use a distinct name",
                  List.of(Reporter.at(other.route(), other.p().routeField())));
            }
          }
          bucket.add(new Attached(route, parent, hosts, p));
        }
      }
    }
  }
}
