package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SPL135: one session cookie name on rules of a route whose paths do not meet, on a controller that
 * sets every such cookie's Path to "/" (kgateway; Envoy Gateway from v1.10: the version the input
 * says, else the newest release). GEP-1619 used to scope each cookie to its rule's path, which
 * SPL102 still allows; on these controllers the rules' cookies are one cookie, and each rule's
 * response overwrites the other's pin (envoyproxy/gateway#9950 says so as a breaking change).
 */
@RuleDefinition(
    id = "SPL135",
    name = "session-cookie-shared-on-root",
    severity = Severity.WARNING,
    summary =
        "Rules on different paths share a session cookie name on a controller that sets every"
            + " such cookie's Path to /.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class SessionCookieSharedOnRoot implements IndexRule {
  /** {name}: the cookie; {rule}: the other rule; {product}: the controller (and versions). */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie \"{name}\" is rule {rule}'s too, and {product} sets both on Path=/: each"
              + " overwrites the other's pin");

  private record Use(RouteRule rule, EffectivePersistence persistence) {}

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS
        .and(KindRole.ROUTE, "rules.matches", "parentRefs")
        .and(KindRole.GATEWAY, "gatewayClassName")
        .and(KindRole.GATEWAY_CLASS, "controllerName");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    if (!context.version().usesSessionNameShape()) {
      return; // main writes cookie.path: SPL102 compares the written paths
    }
    for (Resource route : index.routes()) {
      ResourceIndex.ServingClass served = onRoot(index, route, context);
      if (served == null) {
        continue;
      }
      Map<String, List<Use>> byName = new HashMap<>();
      for (RouteRule rule : index.rules(route)) {
        for (EffectivePersistence p : EffectivePersistence.of(index, rule)) {
          String key = p.site().nameKey();
          String path = SessionNameCollisionAcrossRules.cookiePath(p, rule);
          if (key == null || path == null) {
            continue; // a Header, or a name the controller makes per rule
          }
          Use use = new Use(rule, p);
          List<Use> earlier = byName.computeIfAbsent(key, k -> new ArrayList<>());
          earlier.stream()
              .filter(e -> e.rule().index() != rule.index() && e.persistence().site() != p.site())
              // where the paths meet, SPL102 says it already
              .filter(
                  e ->
                      !SessionNameCollisionAcrossRules.overlap(
                          SessionNameCollisionAcrossRules.cookiePath(e.persistence(), e.rule()),
                          path))
              .findFirst()
              .ifPresent(e -> report(reporter, route, e, use, served, context));
          earlier.add(use);
        }
      }
    }
  }

  private void report(
      Reporter reporter,
      Resource route,
      Use earlier,
      Use use,
      ResourceIndex.ServingClass served,
      RuleContext context) {
    List<RelatedLocation> related = new ArrayList<>();
    related.add(
        Reporter.at(
            earlier.persistence().site().resource(),
            earlier.persistence().site().sessionNameField()));
    related.addAll(served.locations());
    reporter.report(
        info(),
        route,
        use.persistence().routeField(),
        MESSAGE.format(
            "name",
            use.persistence().site().sessionName(),
            "rule",
            earlier.rule().index(),
            "product",
            CookiePaths.scope(served.controllerName(), context.controllerVersions()).product()),
        related);
  }

  /** The class serving {@code route} whose controller puts session cookies on "/", or null. */
  private static ResourceIndex.ServingClass onRoot(
      ResourceIndex index, Resource route, RuleContext context) {
    for (ResourceIndex.ServingClass c : index.servingClasses(route)) {
      if (CookiePaths.scope(c.controllerName(), context.controllerVersions()).scoping()
          == CookiePaths.Scoping.ROOT) {
        return c;
      }
    }
    return null;
  }
}
