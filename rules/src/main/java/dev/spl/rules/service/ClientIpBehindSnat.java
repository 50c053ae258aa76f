package dev.spl.rules.service;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Map;

/**
 * SPL150: ClientIP affinity on a Service reached through nodes (NodePort, LoadBalancer). kube-proxy
 * decides affinity on the client's own address before it masquerades (iptables: the service chain's
 * {@code -m recent --rcheck} on the source, MASQUERADE later in POSTROUTING; IPVS persistence and
 * nftables decide first too), but each node keeps its own affinity table: a client that an external
 * load balancer spreads over nodes meets a different pod on each, whatever the
 * externalTrafficPolicy. Silent when the Service asks an AWS NLB to pin clients to one target
 * itself (its target-group stickiness), and when the workloads it selects are in sight and run one
 * pod in all (replicas 0 or 1, none scaled by a HorizontalPodAutoscaler above one): there are no
 * other pods to meet. With the workloads out of sight, it warns. No API-server policy: one would
 * see the Service alone and warn on single pods too; the webhook reads the workloads.
 */
@RuleDefinition(
    id = "SPL150",
    name = "client-ip-behind-snat",
    severity = Severity.WARNING,
    summary =
        "ClientIP affinity on a NodePort or LoadBalancer Service, which each node keeps on its own.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class ClientIpBehindSnat implements IndexRule {
  @Override
  public Inputs inputs() {
    return ServiceAffinity.INPUTS
        .andAnnotations(KindRole.SERVICE, NLB_ATTRIBUTES)
        .and(KindRole.SERVICE, "selector")
        .and(KindRole.WORKLOAD, "replicas", "template.metadata.labels")
        .and(KindRole.HORIZONTAL_POD_AUTOSCALER, "scaleTargetRef", "maxReplicas");
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
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource service : index.targets(KindRole.SERVICE)) {
      check(service, index, reporter);
    }
  }

  private void check(Resource resource, ResourceIndex index, Reporter reporter) {
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
    if ((a.type().equals("NodePort") || a.type().equals("LoadBalancer"))
        && !onePod(resource, index)) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "sessionAffinity"),
          MESSAGE.format("type", a.type()));
    }
  }

  /**
   * True when the workloads {@code service} selects are in sight and run at most one pod in all:
   * each Deployment or StatefulSet's {@code replicas} (1 when unset, as the API server defaults
   * it), none a HorizontalPodAutoscaler may scale above one.
   */
  static boolean onePod(Resource service, ResourceIndex index) {
    Node selectorNode = service.spec().get("selector");
    if (!(selectorNode instanceof MapNode selector) || selector.entries().isEmpty()) {
      return false; // no selector: endpoints are managed by hand, nothing tells how many
    }
    Map<?, ?> wanted = (Map<?, ?>) selector.toPlain();
    int pods = 0;
    boolean seen = false;
    for (Resource w : index.all(KindRole.WORKLOAD)) {
      if (!w.namespace().equals(service.namespace())
          || !(w.nodeAt(FieldPath.of("spec", "template", "metadata", "labels"))
              instanceof MapNode labels)
          || !((Map<?, ?>) labels.toPlain()).entrySet().containsAll(wanted.entrySet())) {
        continue;
      }
      seen = true;
      Node replicas = w.spec().get("replicas");
      if (replicas != null && !(replicas instanceof ScalarNode r && r.value() instanceof Number)) {
        return false; // not a number spl can read
      }
      pods += replicas == null ? 1 : ((Number) ((ScalarNode) replicas).value()).intValue();
      if (pods > 1 || scaledAboveOne(w, index)) {
        return false;
      }
    }
    return seen;
  }

  private static boolean scaledAboveOne(Resource workload, ResourceIndex index) {
    for (Resource hpa : index.all(KindRole.HORIZONTAL_POD_AUTOSCALER)) {
      MapNode target = hpa.spec() == null ? null : hpa.spec().map("scaleTargetRef");
      if (hpa.namespace().equals(workload.namespace())
          && target != null
          && workload.name().equals(target.string("name"))
          && workload.kind().equals(target.string("kind"))) {
        Node max = hpa.spec().get("maxReplicas");
        if (!(max instanceof ScalarNode m && m.value() instanceof Number n) || n.intValue() > 1) {
          return true;
        }
      }
    }
    return false;
  }
}
