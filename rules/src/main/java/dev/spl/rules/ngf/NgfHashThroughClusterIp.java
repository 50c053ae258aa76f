package dev.spl.rules.ngf;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Set;

/**
 * SPL251: an NGINX Gateway Fabric UpstreamSettingsPolicy that hashes clients to upstream servers
 * while sending every request to the Service's ClusterIP, so the hash has one server to choose.
 */
@RuleDefinition(
    id = "SPL251",
    name = "ngf-hash-through-cluster-ip",
    severity = Severity.WARNING,
    summary =
        "An NGINX Gateway Fabric UpstreamSettingsPolicy hashes clients to one server: the"
            + " Service VIP useClusterIP sends to.")
public final class NgfHashThroughClusterIp implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KIND, Inputs.WHOLE_SPEC);
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{method} picks among one server with useClusterIP: NGINX pins the Service VIP and"
              + " kube-proxy spreads the clients");

  static final String GROUP = "gateway.nginx.org";
  static final String KIND = Kinds.UPSTREAM_SETTINGS_POLICY;

  /** The methods that pin a client to an upstream server (the rest balance by load). */
  static final Set<String> PINNING = Set.of("ip_hash", "hash", "hash consistent");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode spec = resource.is(GROUP, KIND) ? resource.spec() : null;
    if (spec == null || !(spec.get("useClusterIP") instanceof ScalarNode useClusterIp)) {
      return;
    }
    Node method = spec.get("loadBalancingMethod");
    if (Boolean.TRUE.equals(useClusterIp.value())
        && method instanceof ScalarNode s
        && s.value() instanceof String name
        && PINNING.contains(name)) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "loadBalancingMethod"),
          MESSAGE.format("method", name));
    }
  }
}
