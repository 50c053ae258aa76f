package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.SessionPersistenceSite;

/**
 * SPL134: a {@code __Host-} session cookie on a route rule whose controller sets the cookie's Path
 * from the rule's path matches (GEP-1619 before gateway-api#5046), so a rule matching {@code
 * /checkout} gets {@code Path=/checkout}, which browsers refuse for the prefix. Decided per
 * controller: NGINX Gateway Fabric derives the path; Envoy Gateway did before v1.10
 * (envoyproxy/gateway#9950), so it fires for Envoy Gateway only where the input says an older
 * release runs; kgateway always sets {@code Path=/} (kgateway-dev/kgateway#14124). main's shape
 * writes {@code cookie.path}, which SPL132 checks.
 */
@RuleDefinition(
    id = "SPL134",
    name = "host-cookie-path-from-match",
    severity = Severity.WARNING,
    summary =
        "A __Host- session cookie on a rule whose controller sets the cookie path from the path"
            + " match, which browsers refuse.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class HostCookiePathFromMatch implements IndexRule {
  /** {product}: who sets the path, with its version where that decides; {path}: the path. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{product} sets Path={path} from the matches; browsers drop __Host- cookies not on /");

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.ROUTE, "rules.sessionPersistence", "rules.matches", "parentRefs")
        .and(KindRole.GATEWAY, "gatewayClassName")
        .and(KindRole.GATEWAY_CLASS, "controllerName");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    if (!context.version().usesSessionNameShape()) {
      return; // main writes cookie.path (default "/"), SPL132's business
    }
    for (RouteRule rule : index.routeRules()) {
      SessionPersistenceSite site = rule.inline();
      String name = site == null ? null : site.cookieName();
      if (name == null || !name.regionMatches(true, 0, "__Host-", 0, 7)) {
        continue;
      }
      String path = CookiePaths.derivedPath(CookiePaths.of(rule.node()));
      if (path == null || path.equals("/")) {
        continue;
      }
      for (ResourceIndex.ServingClass served : index.servingClasses(rule.route())) {
        CookiePaths.Scope scope =
            CookiePaths.scope(served.controllerName(), context.controllerVersions());
        if (scope.scoping() == CookiePaths.Scoping.FROM_MATCH) {
          reporter.report(
              info(),
              rule.route(),
              site.sessionNameField(),
              MESSAGE.format("product", scope.product(), "path", path),
              served.locations());
          break;
        }
      }
    }
  }
}
