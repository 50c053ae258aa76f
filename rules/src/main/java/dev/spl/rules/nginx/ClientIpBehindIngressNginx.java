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

/** SPL152: ClientIP affinity on a Service that ingress-nginx reaches through its endpoints. */
@RuleDefinition(
    id = "SPL152",
    name = "client-ip-behind-ingress-nginx",
    severity = Severity.INFO,
    summary = "ClientIP affinity on a Service that ingress-nginx sends to pod by pod.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class ClientIpBehindIngressNginx implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "ClientIP affinity does nothing for Ingress {ingress}: ingress-nginx sends to pods"
              + " directly; use affinity: cookie");
  public static final MessageTemplate REDUNDANT =
      MessageTemplate.of(
          "ClientIP affinity does nothing for Ingress {ingress}: ingress-nginx sends to pods"
              + " directly and its cookie affinity pins them; remove sessionAffinity");

  @Override
  public Inputs inputs() {
    return ClientIpServices.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (ClientIpServices.Use use :
        ClientIpServices.behind(index, context, ing -> !ClientIpServices.viaClusterIp(ing))
            .values()) {
      reporter.report(
          info(),
          use.service(),
          ClientIpServices.AFFINITY,
          // an Ingress with cookie affinity already pins: what is left to say is the dead setting
          (use.ingress().cookieAffinity() ? REDUNDANT : MESSAGE)
              .format("ingress", use.ingress().resource().name()),
          List.of(Reporter.at(use.ingress().resource(), use.backend().field())));
    }
  }
}
