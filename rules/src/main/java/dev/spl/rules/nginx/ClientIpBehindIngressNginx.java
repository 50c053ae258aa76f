package dev.spl.rules.nginx;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
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
    why =
        "ingress-nginx balances over the Service's endpoints itself; its traffic never passes"
            + " the cluster IP where kube-proxy applies sessionAffinity, so the setting pins"
            + " nothing for clients that come through the Ingress.",
    fix =
        "Pin sessions at nginx with nginx.ingress.kubernetes.io/affinity: cookie, and drop"
            + " sessionAffinity unless in-cluster clients need it.",
    reference =
        "ingress-nginx annotations.md (Service Upstream: by default nginx uses the list of"
            + " endpoints); kubernetes/ingress-nginx#11864",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class ClientIpBehindIngressNginx implements IndexRule {

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
          "ClientIP affinity does nothing for Ingress "
              + use.ingress().resource().name()
              + ": ingress-nginx sends to pods directly; use affinity: cookie",
          List.of(Reporter.at(use.ingress().resource(), use.backend().field())));
    }
  }
}
