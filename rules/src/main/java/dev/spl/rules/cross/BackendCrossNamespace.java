package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.schema.SessionPersistenceLocator;

/** SPL124: a route referencing a Backend in another namespace. */
public final class BackendCrossNamespace implements ResourceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL124",
          "backend-cross-namespace",
          Severity.ERROR,
          "A route references a Backend in another namespace.",
          "A Backend carries the session persistence of the endpoints it selects, and GEP-1619"
              + " expects it in the route's own namespace; a cross-namespace reference would need a"
              + " ReferenceGrant and lets one team's route pin sessions with another team's settings."
              + " Implementations reject it.",
          "Create the Backend in the route's namespace, or reference a Service there.",
          "GEP-1619 (main branch): Backend attachment; Gateway API ReferenceGrant");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(Resource route, RuleContext context, Reporter reporter) {
    if (!SessionPersistenceLocator.isRoute(route) || route.spec() == null) {
      return;
    }
    ListNode rules = route.spec().list("rules");
    if (rules == null) {
      return;
    }
    for (int i = 0; i < rules.size(); i++) {
      if (!(rules.get(i) instanceof MapNode node)) {
        continue;
      }
      for (BackendRef b : BackendRef.of(route, i, node)) {
        if (b.isBackendResource() && !b.target().namespace().equals(route.namespace())) {
          reporter.report(
              INFO,
              route,
              b.path().key("namespace"),
              "Backend "
                  + b.target().name()
                  + " is in namespace "
                  + b.target().namespace()
                  + ", not the route's ("
                  + route.namespace()
                  + "); reference a Backend in "
                  + route.namespace());
        }
      }
    }
  }
}
