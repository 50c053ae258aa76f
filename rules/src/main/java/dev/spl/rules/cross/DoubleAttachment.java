package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
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
import java.util.List;

/** SPL122: a backend gets persistence from the route rule and from a policy or its Backend. */
@RuleDefinition(
    id = "SPL122",
    name = "double-attachment",
    severity = Severity.WARNING,
    summary = "One backend gets persistence from two places (the route rule wins).",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class DoubleAttachment implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{backend} also gets persistence from {other}; this rule's sessionPersistence wins here");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (RouteRule rule : index.routeRules()) {
      Resource route = rule.route();
      if (rule.inline() == null) {
        continue;
      }
      for (BackendRef b : rule.backends()) {
        List<SessionPersistenceSite> others = index.backendPersistence(b);
        if (others.isEmpty()) {
          continue;
        }
        List<RelatedLocation> related =
            others.stream().map(s -> Reporter.at(s.resource(), s.path())).toList();
        reporter.report(
            info(),
            route,
            b.path(),
            MESSAGE.format(
                "backend", b.target().name(), "other", others.get(0).resource().ref().describe()),
            related);
      }
    }
  }
}
