package dev.spl.rules.aws;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * SPL604: target-group stickiness on an NLB listener that ends TLS, which Elastic Load Balancing
 * does not support. The controller names the action by the listener's protocol, so {@code
 * actions.TLS-443} is read only where port 443 is a TLS listener: a certificate is set and
 * ssl-ports is empty or names the port.
 */
@RuleDefinition(
    id = "SPL604",
    name = "nlb-tls-listener-group-stickiness",
    severity = Severity.ERROR,
    summary =
        "An NLB Service's TLS listener action asks for target group stickiness, which TLS"
            + " listeners do not support.",
    noPolicyBecause = NoPolicy.JSON_ANNOTATION)
public final class NlbTlsListenerGroupStickiness implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.SERVICE, "ports").andAnnotations(KindRole.SERVICE, PREFIX);
  }

  /** {port}: the listener's port. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "listener {port} ends TLS (ssl-cert is set), and TLS listeners do not support"
              + " targetGroupStickinessConfig");

  static final String PREFIX = "service.beta.kubernetes.io/";
  private static final String TLS_ACTION = PREFIX + "actions.TLS-";
  private static final String CERTIFICATE = PREFIX + "aws-load-balancer-ssl-cert";
  private static final String TLS_PORTS = PREFIX + "aws-load-balancer-ssl-ports";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode annotations = resource.annotations();
    if (resource.role() != KindRole.SERVICE
        || annotations == null
        || !(annotations.get(CERTIFICATE) instanceof ScalarNode cert)
        || cert.value() == null
        || cert.value().toString().isBlank()) {
      return;
    }
    Set<String> tlsPorts = list(annotations.string(TLS_PORTS));
    for (MapNode.Entry e : annotations.entries()) {
      if (!e.key().startsWith(TLS_ACTION) || !(e.value() instanceof ScalarNode raw)) {
        continue;
      }
      String port = e.key().substring(TLS_ACTION.length());
      Map<String, Object> forward =
          raw.value() == null ? null : ForwardActions.forwardConfig(raw.value().toString());
      if (forward != null
          && ForwardActions.groupStickiness(forward)
          && isTlsListener(resource, port, tlsPorts)) {
        reporter.report(
            info(),
            resource,
            FieldPath.of("metadata", "annotations", e.key()),
            MESSAGE.format("port", port));
      }
    }
  }

  /**
   * True when the Service has {@code port} over TCP and it is among the TLS ports: every port when
   * ssl-ports is empty, else the ports it names by number or name (the controller's
   * buildListenerSpec).
   */
  private static boolean isTlsListener(Resource service, String port, Set<String> tlsPorts) {
    ListNode ports = service.spec() == null ? null : service.spec().list("ports");
    for (int i = 0; ports != null && i < ports.size(); i++) {
      if (ports.get(i) instanceof MapNode p
          && p.get("port") instanceof ScalarNode number
          && String.valueOf(number.value()).equals(port)
          && !"UDP".equals(p.string("protocol"))
          && (tlsPorts.isEmpty()
              || tlsPorts.contains(port)
              || tlsPorts.contains(p.string("name")))) {
        return true;
      }
    }
    return false;
  }

  /** A comma-separated annotation as the controller splits it: parts trimmed, empty ones gone. */
  private static Set<String> list(String raw) {
    return raw == null
        ? Set.of()
        : Arrays.stream(raw.split(","))
            .map(String::trim)
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toSet());
  }
}
