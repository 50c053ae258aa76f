package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.SessionPersistenceSite;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** SPL101: two backends of one rule's traffic split persist with the same cookie or header name. */
@RuleDefinition(
    id = "SPL101",
    name = "session-name-collision-in-split",
    severity = Severity.ERROR,
    summary = "Two backends of one traffic split persist with the same cookie or header name.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class SessionNameCollisionInSplit implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "backends {first} and {second} of this split both persist with {type} \"{name}\"; give"
              + " each its own name");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      Resource route = rule.route();
      if (rule.inline() != null || rule.weightedBackends().size() < 2) {
        continue; // inline persistence wins over the backends' own
      }
      Map<String, BackendRef> firstBackend = new HashMap<>();
      Map<String, SessionPersistenceSite> firstSite = new HashMap<>();
      for (BackendRef b : rule.weightedBackends()) {
        for (SessionPersistenceSite s : index.backendPersistence(b)) {
          String key = s.nameKey();
          if (key == null) {
            continue;
          }
          BackendRef earlier = firstBackend.putIfAbsent(key, b);
          SessionPersistenceSite other = firstSite.putIfAbsent(key, s);
          // One policy targeting several backends is one configuration, not a collision.
          if (earlier != null && !earlier.target().equals(b.target()) && other != s) {
            reporter.report(
                info(),
                route,
                b.path(),
                MESSAGE.format(
                    "first",
                    earlier.target().name(),
                    "second",
                    b.target().name(),
                    "type",
                    s.type().toLowerCase(java.util.Locale.ROOT),
                    "name",
                    s.sessionName()),
                List.of(
                    Reporter.at(other.resource(), other.sessionNameField()),
                    Reporter.at(s.resource(), s.sessionNameField())));
          }
        }
      }
    }
  }
}
