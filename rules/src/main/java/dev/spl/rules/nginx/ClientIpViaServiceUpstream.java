package dev.spl.rules.nginx;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/** SPL153: ClientIP affinity on a Service that ingress-nginx reaches through its cluster IP. */
@RuleDefinition(
    id = "SPL153",
    name = "client-ip-via-service-upstream",
    severity = Severity.WARNING,
    summary = "ClientIP affinity on a Service that ingress-nginx reaches through its cluster IP.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class ClientIpViaServiceUpstream implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Ingress {ingress} uses {how}: kube-proxy sees nginx pods, each pinning all its users to"
              + " one pod");

  @Override
  public Inputs inputs() {
    return ClientIpServices.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (ClientIpServices.Use use :
        ClientIpServices.behind(index, context, ClientIpServices::viaClusterIp).values()) {
      String how =
          use.ingress().isTrue("service-upstream") ? "service-upstream" : "ssl-passthrough";
      reporter.report(
          info(),
          use.service(),
          ClientIpServices.AFFINITY,
          MESSAGE.format("ingress", use.ingress().resource().name(), "how", how),
          List.of(Reporter.at(use.ingress().resource(), use.backend().field())));
    }
  }
}
