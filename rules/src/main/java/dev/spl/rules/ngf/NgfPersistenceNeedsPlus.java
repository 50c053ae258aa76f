package dev.spl.rules.ngf;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL255: route sessionPersistence served by an NGINX Gateway Fabric whose controller is not in the
 * input, so spl cannot see whether it runs with NGINX Plus and experimental features, which NGF
 * needs to honour it. Where the controller is seen, SPL254 decides instead.
 */
@RuleDefinition(
    id = "SPL255",
    name = "ngf-persistence-needs-plus",
    severity = Severity.WARNING,
    summary =
        "Route sessionPersistence on an NGINX Gateway Fabric spl cannot see, which honours it only"
            + " with NGINX Plus.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS,
    // a review never sees the controller, so in the webhook it would warn on every such route
    lintOnly = true)
public final class NgfPersistenceNeedsPlus implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "NGINX Gateway Fabric ignores sessionPersistence unless started with --nginx-plus and"
              + " --gateway-api-experimental-features");

  @Override
  public Inputs inputs() {
    return NgfControllers.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (NgfControllers.Served served : NgfControllers.persistenceServed(index)) {
      if (NgfControllers.running(index, served.servedBy().controllerName()).isEmpty()) {
        reporter.report(
            info(),
            served.site().resource(),
            served.site().path(),
            MESSAGE.format(),
            served.servedBy().locations());
      }
    }
  }
}
