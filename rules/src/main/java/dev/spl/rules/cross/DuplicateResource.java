package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
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

/**
 * SPL104: the same object (kind, namespace, name) defined twice in one build, the copies carrying
 * different session persistence. Identical copies, or copies without any, are no sticky-session
 * problem: whichever is applied, sessions behave the same (other duplicates are kubeconform's).
 */
@RuleDefinition(
    id = "SPL104",
    name = "duplicate-resource",
    severity = Severity.WARNING,
    summary =
        "The same object (kind, namespace, name) is defined twice in one build, with different"
            + " session persistence.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class DuplicateResource implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("defined twice, with {difference}; whichever is applied last wins");

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.ROUTE, "rules.sessionPersistence")
        .and(KindRole.POLICY, "sessionPersistence")
        .and(KindRole.BACKEND, "endpointSelector.sessionPersistence")
        .and(KindRole.SERVICE, "sessionAffinity", "sessionAffinityConfig")
        .and(KindRole.GATEWAY)
        .and(KindRole.GATEWAY_CLASS);
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (ResourceIndex.Duplicate d : index.duplicates()) {
      String first = persistence(index, d.first());
      String again = persistence(index, d.again());
      if (first.equals(again)) {
        continue; // the same sessions whichever copy wins (none, often: kubeconform's business)
      }
      reporter.report(
          info(),
          d.again(),
          FieldPath.of("metadata").key("name"),
          MESSAGE.format(
              "difference",
              first.isEmpty() ? "session persistence only here" : "different session persistence"),
          List.of(new RelatedLocation(d.first().position(), d.first().ref())));
    }
  }

  /**
   * What sessions an object pins, as comparable text: its validated session persistence, or a
   * Service's affinity; empty when it carries none.
   */
  private static String persistence(ResourceIndex index, Resource r) {
    StringBuilder out = new StringBuilder();
    for (SessionPersistenceSite site : index.sites(r)) {
      out.append(site.path()).append('=').append(site.node().toPlain()).append(';');
    }
    if (r.role() == KindRole.SERVICE && r.spec() != null) {
      String affinity = r.spec().string("sessionAffinity");
      if (affinity != null && !affinity.equals("None")) {
        out.append("sessionAffinity=").append(affinity);
        Node config = r.spec().get("sessionAffinityConfig");
        out.append(config == null ? "" : config.toPlain());
      }
    }
    return out.toString();
  }
}
