package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
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
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.List;

/** SPL123: a traffic split where some backends persist and others do not. */
@RuleDefinition(
    id = "SPL123",
    name = "partial-persistence-in-split",
    severity = Severity.WARNING,
    summary = "A traffic split where some backends persist and others do not.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class PartialPersistenceInSplit implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{backend} has no session persistence but other backends of this split do; clients"
              + " pinned there ignore the weights");

  @Override
  public Inputs inputs() {
    // a backend without persistence counts only when it exists: Services are looked up
    return EffectivePersistence.INPUTS.and(KindRole.SERVICE);
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      Resource route = rule.route();
      List<BackendRef> split = rule.weightedBackends();
      if (rule.inline() != null || split.size() < 2) {
        continue;
      }
      List<RelatedLocation> persistent = new ArrayList<>();
      List<BackendRef> without = new ArrayList<>();
      for (BackendRef b : split) {
        List<SessionPersistenceSite> sites = index.backendPersistence(b);
        if (!sites.isEmpty()) {
          sites.forEach(s -> persistent.add(Reporter.at(s.resource(), s.path())));
        } else if (index.find(b.target()).isPresent()) {
          without.add(b); // only a backend we can see is known to have none
        }
      }
      if (!persistent.isEmpty()) {
        for (BackendRef b : without) {
          reporter.report(
              info(), route, b.path(), MESSAGE.format("backend", b.target().name()), persistent);
        }
      }
    }
  }
}
