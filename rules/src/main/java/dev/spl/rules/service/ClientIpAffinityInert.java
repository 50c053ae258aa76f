package dev.spl.rules.service;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL151: ClientIP affinity on a headless or ExternalName Service, where no proxy applies it. */
@RuleDefinition(
    id = "SPL151",
    name = "client-ip-affinity-inert",
    severity = Severity.INFO,
    summary = "ClientIP affinity on a headless or ExternalName Service.")
public final class ClientIpAffinityInert implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ServiceAffinity.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "ClientIP affinity does nothing on {service} Service: no kube-proxy virtual IP carries its"
              + " traffic");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    ServiceAffinity a = ServiceAffinity.of(resource);
    if (a == null || !a.isClientIp()) {
      return;
    }
    String why =
        a.type().equals("ExternalName") ? "an ExternalName" : a.isHeadless() ? "a headless" : null;
    if (why != null) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "sessionAffinity"),
          MESSAGE.format("service", why));
    }
  }
}
