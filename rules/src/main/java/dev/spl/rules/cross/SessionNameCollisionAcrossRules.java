package dev.spl.rules.cross;

import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SPL102: the same session name on several rules of one route (header names case-insensitively).
 */
public final class SessionNameCollisionAcrossRules implements IndexRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL102",
          "session-name-collision-across-rules",
          Severity.ERROR,
          "The same session name on several rules of one route.",
          "Rules of one route share its hostnames, and a cookie scoped to \"/\" is sent to all of"
              + " them. When two rules pin different backends under one cookie or header name, a"
              + " session started on one rule is presented to the other, whose gateway either"
              + " rejects it or routes by a token meant for other endpoints. Header names are"
              + " compared case-insensitively, as HTTP does. Two rules reaching the same persistent"
              + " backend through one policy share one session and are fine.",
          "Use a distinct cookie or header name on each rule, or one rule for the shared backends.",
          "GEP-1619: 'Users should avoid reusing session names'");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource route : index.routes()) {
      Map<String, EffectivePersistence> first = new HashMap<>();
      Map<String, Integer> firstRule = new HashMap<>();
      for (RouteRule rule : index.rules(route)) {
        for (EffectivePersistence p : EffectivePersistence.of(index, rule)) {
          String key = p.site().nameKey();
          if (key == null) {
            continue;
          }
          EffectivePersistence earlier = first.putIfAbsent(key, p);
          firstRule.putIfAbsent(key, rule.index());
          if (earlier != null && earlier.site() != p.site() && firstRule.get(key) != rule.index()) {
            reporter.report(
                INFO,
                route,
                p.routeField(),
                "session name \""
                    + p.site().sessionName()
                    + "\" is also used by rule "
                    + firstRule.get(key)
                    + " of this route; use a distinct name per rule",
                List.of(Reporter.at(earlier.site().resource(), earlier.site().sessionNameField())));
          }
        }
      }
    }
  }
}
