package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.AttachmentPoint;
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
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** SPL130: a cookie path that no path of the route matches, so the browser never returns it. */
@RuleDefinition(
    id = "SPL130",
    name = "cookie-path-unreachable",
    severity = Severity.WARNING,
    summary =
        "The cookie path is not a prefix of any path the route matches: the browser never sends it.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class CookiePathUnreachable implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie.path \"{path}\" is not a prefix of any path {whose}, so browsers never send the"
              + " cookie back");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS.and(KindRole.ROUTE, "rules.matches");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      Resource route = rule.route();
      SessionPersistenceSite site = rule.inline();
      if (site != null
          && !CookiePaths.isReachable(site.cookiePath(), CookiePaths.of(rule.node()))) {
        reporter.report(
            info(),
            route,
            site.field("cookie", "path"),
            message(site.cookiePath(), "this rule matches"));
      }
    }
    // Persistence on a Backend or a policy applies to every rule that routes to it.
    Set<SessionPersistenceSite> checked = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Map.Entry<Resource, List<ObjectKey>> policy : index.policyTargets().entrySet()) {
      for (ObjectKey target : policy.getValue()) {
        checkAttachment(index, policy.getKey(), target, checked, reporter);
      }
    }
    for (RouteRule rule : index.routeRules()) {
      rule.backends().stream()
          .filter(b -> b.isBackendResource())
          .forEach(
              b ->
                  index
                      .find(b.target())
                      .ifPresent(
                          backend ->
                              checkAttachment(index, backend, b.target(), checked, reporter)));
    }
  }

  private void checkAttachment(
      ResourceIndex index,
      Resource owner,
      ObjectKey target,
      Set<SessionPersistenceSite> checked,
      Reporter reporter) {
    for (SessionPersistenceSite site : index.sites(owner)) {
      if (site.attachment() == AttachmentPoint.ROUTE_RULE || site.cookiePath() == null) {
        continue;
      }
      List<RouteRule> users = index.rulesReferencing(target);
      if (users.isEmpty() || !checked.add(site)) {
        continue; // no route in the input: nothing to compare with
      }
      boolean reachable =
          users.stream()
              .anyMatch(
                  r ->
                      r.inline() != null
                          || CookiePaths.isReachable(site.cookiePath(), CookiePaths.of(r.node())));
      if (!reachable) {
        List<RelatedLocation> related = new ArrayList<>();
        users.forEach(r -> related.add(Reporter.at(r.route(), r.path())));
        reporter.report(
            info(),
            owner,
            site.field("cookie", "path"),
            message(site.cookiePath(), "the routes to it match"),
            related);
      }
    }
  }

  private static String message(String path, String whose) {
    return MESSAGE.format("path", path, "whose", whose);
  }
}
