package dev.spl.rules.ngf;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.MessageTemplate;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * SPL254: route sessionPersistence served by an NGINX Gateway Fabric whose controller, in the same
 * input, runs without NGINX Plus or without experimental features: NGF ignores the persistence.
 */
@RuleDefinition(
    id = "SPL254",
    name = "ngf-persistence-without-plus",
    severity = Severity.ERROR,
    summary =
        "NGINX Gateway Fabric, started without NGINX Plus or experimental features, ignores a"
            + " route's sessionPersistence.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS,
    // the controller's Deployment is in its own namespace, which no review of a route reaches
    lintOnly = true)
public final class NgfPersistenceWithoutPlus implements IndexRule {
  /** {missing}: the flags the controller lacks; {workload}: its Deployment. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("NGF ({workload}) lacks {missing}: it ignores this persistence");

  @Override
  public Inputs inputs() {
    return NgfControllers.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (NgfControllers.Served served : NgfControllers.persistenceServed(index)) {
      for (NgfControllers.Controller c :
          NgfControllers.running(index, served.servedBy().controllerName())) {
        if (c.missing().isEmpty()) {
          continue;
        }
        List<RelatedLocation> related = new ArrayList<>(served.servedBy().locations());
        related.add(new RelatedLocation(c.workload().positionOf(c.args()), c.workload().ref()));
        reporter.report(
            info(),
            served.site().resource(),
            served.site().path(),
            MESSAGE.format(
                "workload",
                c.workload().kind() + " " + c.workload().name(),
                "missing",
                String.join(" and ", c.missing())),
            related);
      }
    }
  }
}
