package dev.spl.rules.service;

import dev.spl.model.FieldPath;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL150: ClientIP affinity on a NodePort/LoadBalancer Service with externalTrafficPolicy Cluster.
 */
@RuleDefinition(
    id = "SPL150",
    name = "client-ip-behind-snat",
    severity = Severity.WARNING,
    summary =
        "ClientIP affinity on a NodePort or LoadBalancer Service with externalTrafficPolicy Cluster.")
public final class ClientIpBehindSnat implements ResourceRule {
  @Override
  public dev.spl.index.Inputs inputs() {
    return dev.spl.index.Inputs.of(dev.spl.model.KindRole.SERVICE, "sessionAffinity");
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "ClientIP affinity on a {type} Service sees node IPs after SNAT with externalTrafficPolicy"
              + " Cluster; set it to Local");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    ServiceAffinity a = ServiceAffinity.of(resource);
    if (a == null || !a.isClientIp() || !a.externalTrafficPolicy().equals("Cluster")) {
      return;
    }
    if (a.type().equals("NodePort") || a.type().equals("LoadBalancer")) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "sessionAffinity"),
          MESSAGE.format("type", a.type()));
    }
  }
}
