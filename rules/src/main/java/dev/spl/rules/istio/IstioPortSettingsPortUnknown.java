package dev.spl.rules.istio;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.TargetRef;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SPL303: a DestinationRule's consistent hash in portLevelSettings for a port number the Service
 * its host names does not have. Istio matches the number against the Service's ports (not the pods'
 * targetPorts), so the hash is never applied and clients are not pinned.
 */
@RuleDefinition(
    id = "SPL303",
    name = "istio-port-settings-port-unknown",
    severity = Severity.ERROR,
    summary =
        "A DestinationRule hashes in portLevelSettings for a port its Service does not have, so the"
            + " hash is never applied.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class IstioPortSettingsPortUnknown implements IndexRule {
  /** {number}: the port written; {service}: the Service; {ports}: its ports. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Service {service} has no port {number} (its ports: {ports}): this consistentHash is never"
              + " applied");

  /** {number}: the port written, a targetPort of the Service's port {port}. */
  public static final MessageTemplate TARGET_PORT =
      MessageTemplate.of(
          "{number} is Service {service}'s targetPort; Istio matches its port {port}, so this"
              + " consistentHash is never applied");

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.SERVICE_POLICY, "host", "trafficPolicy", "subsets")
        .and(KindRole.SERVICE, "ports.port", "ports.targetPort");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource rule : index.all(KindRole.SERVICE_POLICY)) {
      if (!LoadBalancers.isDestinationRule(rule)) {
        continue;
      }
      List<TargetRef> hosts = TargetRef.of(rule);
      Optional<Resource> service =
          hosts.isEmpty() ? Optional.empty() : index.find(hosts.get(0).target());
      ListNode ports =
          service.map(s -> s.spec() == null ? null : s.spec().list("ports")).orElse(null);
      if (ports == null || ports.size() == 0) {
        continue; // not a Service spl sees: a ServiceEntry, another repository, a headless name
      }
      for (LoadBalancers.PortSettings p : LoadBalancers.portSettings(rule)) {
        MapNode lb = p.settings().map("loadBalancer");
        MapNode port = p.settings().map("port");
        if (lb == null || !lb.has("consistentHash") || port == null) {
          continue;
        }
        Node number = port.get("number");
        if (!(number instanceof ScalarNode n) || !(n.value() instanceof Number written)) {
          continue;
        }
        report(rule, service.get(), ports, p, written.longValue(), reporter);
      }
    }
  }

  private void report(
      Resource rule,
      Resource service,
      ListNode ports,
      LoadBalancers.PortSettings at,
      long written,
      Reporter reporter) {
    List<String> numbers = new ArrayList<>();
    String targetOf = null;
    for (Node item : ports.items()) {
      if (!(item instanceof MapNode sp) || !(sp.get("port") instanceof ScalarNode pn)) {
        continue;
      }
      if (pn.value() instanceof Number n && n.longValue() == written) {
        return; // the Service has it
      }
      numbers.add(String.valueOf(pn.value()));
      if (sp.get("targetPort") instanceof ScalarNode tp
          && tp.value() instanceof Number t
          && t.longValue() == written) {
        targetOf = String.valueOf(pn.value());
      }
    }
    String name = service.namespace() + "/" + service.name();
    String message =
        targetOf != null
            ? TARGET_PORT.format(
                "number", String.valueOf(written), "service", name, "port", targetOf)
            : MESSAGE.format(
                "service",
                name,
                "number",
                String.valueOf(written),
                "ports",
                String.join(", ", numbers));
    reporter.report(
        info(),
        rule,
        at.path().key("port").key("number"),
        message,
        List.of(
            new RelatedLocation(
                service.positionOf(dev.spl.model.FieldPath.of("spec", "ports")), service.ref())));
  }
}
