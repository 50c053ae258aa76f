package dev.spl.rules.istio;

import dev.spl.index.Inputs;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL302: a DestinationRule loadBalancer with both simple and consistentHash. */
@RuleDefinition(
    id = "SPL302",
    name = "istio-load-balancer-conflict",
    severity = Severity.ERROR,
    summary = "A DestinationRule loadBalancer sets both simple and consistentHash.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA) // its oneOf of simple and consistentHash
public final class IstioLoadBalancerConflict implements ResourceRule {
  @Override
  public Inputs inputs() {
    return LoadBalancers.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "loadBalancer sets both simple and consistentHash, which are one of: the API server"
              + " rejects it");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!LoadBalancers.isDestinationRule(resource)) {
      return;
    }
    for (LoadBalancers.At lb : LoadBalancers.of(resource)) {
      if (lb.loadBalancer().has("simple") && lb.loadBalancer().has("consistentHash")) {
        reporter.report(info(), resource, lb.path().key("consistentHash"), MESSAGE.format());
      }
    }
  }
}
