package dev.spl.rules.service;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL150: ClientIP affinity on a Service reached through nodes (NodePort, LoadBalancer). kube-proxy
 * decides affinity on the client's own address before it masquerades (iptables: the service chain's
 * {@code -m recent --rcheck} on the source, MASQUERADE later in POSTROUTING; IPVS persistence and
 * nftables decide first too), but each node keeps its own affinity table: a client that an external
 * load balancer spreads over nodes meets a different pod on each, whatever the
 * externalTrafficPolicy. Silent when the Service asks an AWS NLB to pin clients to one target
 * itself (its target-group stickiness).
 */
@RuleDefinition(
    id = "SPL150",
    name = "client-ip-behind-snat",
    severity = Severity.WARNING,
    summary =
        "ClientIP affinity on a NodePort or LoadBalancer Service, which each node keeps on its own.")
public final class ClientIpBehindSnat implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ServiceAffinity.INPUTS.andAnnotations(KindRole.SERVICE, NLB_ATTRIBUTES);
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "ClientIP affinity on a {type} Service is per node: a client spread over nodes meets other"
              + " pods; pin at the LB");

  /** The NLB target group's attributes (aws-load-balancer-controller annotations.md). */
  public static final String NLB_ATTRIBUTES =
      "service.beta.kubernetes.io/aws-load-balancer-target-group-attributes";

  /** What in those attributes makes the NLB keep a client on one target. */
  public static final String NLB_STICKY = "stickiness.enabled=true";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    ServiceAffinity a = ServiceAffinity.of(resource);
    if (a == null || !a.isClientIp()) {
      return;
    }
    String attributes =
        resource.annotations() == null
            ? null
            : dev.spl.model.ScalarNode.text(resource.annotations().get(NLB_ATTRIBUTES));
    if (attributes != null && attributes.contains(NLB_STICKY)) {
      return; // the load balancer keeps each client on one node: one table decides
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
