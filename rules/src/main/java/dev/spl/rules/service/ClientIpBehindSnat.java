package dev.spl.rules.service;

import dev.spl.model.FieldPath;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

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
public final class ClientIpBehindSnat implements ResourceRule, ApiServerPolicy {

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
          "ClientIP affinity on a "
              + a.type()
              + " Service sees node IPs after SNAT with externalTrafficPolicy Cluster; set it to Local");
    }
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(new PolicyCheck.Kind("", "v1", "Service", "services")),
            "!(has(object.spec) && has(object.spec.sessionAffinity) && object.spec.sessionAffinity"
                + " == 'ClientIP' && (!has(object.spec.externalTrafficPolicy) ||"
                + " object.spec.externalTrafficPolicy == 'Cluster') && has(object.spec.type) &&"
                + " (object.spec.type == 'NodePort' || object.spec.type == 'LoadBalancer'))",
            "'ClientIP affinity on a ' + object.spec.type + ' Service sees node IPs after SNAT with"
                + " externalTrafficPolicy Cluster; set it to Local'",
            "spec.sessionAffinity"));
  }
}
