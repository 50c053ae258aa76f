package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ParentRef;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.index.TargetRef;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/**
 * SPL105: session persistence that reaches its target by the name the target's file writes, in a
 * build that renames the target and leaves the reference as written.
 */
@RuleDefinition(
    id = "SPL105",
    name = "renamed-target",
    severity = Severity.WARNING,
    summary =
        "Session persistence names an object by the name a kustomize build's namePrefix or"
            + " nameSuffix takes from it.",
    noPolicyBecause = NoPolicy.BUILD,
    lintOnly = true)
public final class RenamedTarget implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{build} renames {kind} {name} to {renamed}, not this reference: {whose} persistence"
              + " attaches to nothing");

  @Override
  public Inputs inputs() {
    return EffectivePersistence.INPUTS
        .and(KindRole.ROUTE, "parentRefs")
        .and(KindRole.SERVICE)
        .and(KindRole.GATEWAY);
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource policy : index.policyTargets().keySet()) {
      checkTargets(index, policy, reporter);
    }
    for (Resource route : index.routes()) {
      boolean carries = false;
      for (RouteRule rule : index.rules(route)) {
        for (BackendRef b : rule.backends()) {
          // A rule's own persistence needs its backends; a Backend's persistence needs the Backend.
          boolean matters =
              rule.inline() != null
                  || b.isBackendResource()
                      && index
                          .findRenamed(b.target())
                          .map(r -> !index.sites(r).isEmpty())
                          .orElse(false);
          if (matters) {
            report(index, route, b.target(), b.path().key("name"), "the route's", reporter);
          }
        }
        carries |= rule.inline() != null;
      }
      if (carries) {
        for (ParentRef p : ParentRef.of(route)) {
          report(index, route, p.gateway(), p.path().key("name"), "the route's", reporter);
        }
      }
    }
  }

  private void checkTargets(ResourceIndex index, Resource policy, Reporter reporter) {
    for (TargetRef t : TargetRef.of(policy)) {
      report(index, policy, t.target(), t.path().key("name"), "the policy's", reporter);
    }
  }

  private void report(
      ResourceIndex index,
      Resource from,
      ObjectKey target,
      FieldPath field,
      String whose,
      Reporter reporter) {
    index
        .findRenamed(target)
        .ifPresent(
            renamed ->
                reporter.report(
                    info(),
                    from,
                    field,
                    MESSAGE.format(
                        "build",
                        renamed.rename().orElseThrow().by(),
                        "kind",
                        renamed.kind(),
                        "name",
                        target.name(),
                        "renamed",
                        renamed.name(),
                        "whose",
                        whose),
                    List.of(Reporter.at(renamed, FieldPath.of("metadata", "name")))));
  }
}
