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
        "ClientIP affinity on a NodePort or LoadBalancer Service with externalTrafficPolicy Cluster.",
    why =
        "With externalTrafficPolicy Cluster (the default), a node that receives external traffic"
            + " may forward it to a pod on another node and source-NATs it: kube-proxy then sees"
            + " the node's address, not the client's, so ClientIP affinity pins whole nodes"
            + " instead of clients, or nothing at all.",
    fix =
        "Set externalTrafficPolicy: Local to keep client addresses (traffic then only reaches"
            + " nodes with ready pods), or use cookie or header persistence at the gateway.",
    reference =
        "Kubernetes: Service externalTrafficPolicy; source IP for Services with Type=NodePort")
public final class ClientIpBehindSnat implements ResourceRule {
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
