package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Set;

/** SPL702: a GCPBackendPolicy affinity that an Application Load Balancer cannot use. */
@RuleDefinition(
    id = "SPL702",
    name = "gke-client-ip-proto-affinity",
    severity = Severity.ERROR,
    summary =
        "A GKE GCPBackendPolicy asks for CLIENT_IP_PROTO or CLIENT_IP_PORT_PROTO, which a"
            + " Gateway's load balancer refuses.")
public final class GkeClientIpProtoAffinity implements ResourceRule {
  @Override
  public Inputs inputs() {
    return GkeAffinity.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{type} suits passthrough Network LBs, not a GKE Gateway's: use CLIENT_IP or"
              + " GENERATED_COOKIE");

  static final Set<String> PASSTHROUGH_TYPES = Set.of("CLIENT_IP_PROTO", "CLIENT_IP_PORT_PROTO");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode affinity = GkeAffinity.of(resource);
    if (affinity == null) {
      return;
    }
    String type = GkeAffinity.type(affinity);
    if (PASSTHROUGH_TYPES.contains(type)) {
      reporter.report(info(), resource, GkeAffinity.PATH.key("type"), MESSAGE.format("type", type));
    }
  }
}
