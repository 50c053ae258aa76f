package dev.spl.rules.gke;

import dev.spl.index.IngressClasses;
import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Set;

/**
 * SPL706: another controller's affinity switch on an Ingress of GKE's own classes. GKE's Ingress
 * controller reads no affinity annotation: its load balancer's session affinity comes from a
 * BackendConfig the Service names, so the Ingress is served without any.
 */
@RuleDefinition(
    id = "SPL706",
    name = "gke-ingress-affinity-annotation",
    severity = Severity.ERROR,
    summary =
        "A gce-class Ingress asks for affinity with another controller's annotation, which GKE's"
            + " Ingress controller never reads.")
public final class GkeIngressAffinityAnnotation implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.INGRESS, "ingressClassName")
        .andAnnotations(KindRole.INGRESS, IngressClasses.CLASS_ANNOTATION)
        .andAnnotations(KindRole.INGRESS, KEYS.toArray(String[]::new));
  }

  /** {key}: the annotation; {class}: the Ingress's class. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{key} is ignored by GKE's {class} Ingress: use a BackendConfig's sessionAffinity");

  /** The classes GKE's Ingress controller serves: external and internal Application LBs. */
  public static final Set<String> CLASSES = Set.of("gce", "gce-internal");

  /**
   * The affinity switches of the controllers people copy from: ingress-nginx (and its legacy
   * prefix, which haproxy-ingress also reads), Traefik 1.x, haproxy-ingress and HAProxy's own.
   */
  public static final List<String> KEYS =
      List.of(
          "nginx.ingress.kubernetes.io/affinity",
          "ingress.kubernetes.io/affinity",
          "traefik.ingress.kubernetes.io/affinity",
          "haproxy-ingress.github.io/affinity",
          "haproxy.org/cookie-persistence");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode annotations = resource.annotations();
    String cls = IngressClasses.requestedClassOf(resource);
    if (resource.role() != KindRole.INGRESS
        || annotations == null
        || cls == null
        || !CLASSES.contains(cls)) {
      return;
    }
    for (String key : KEYS) {
      if (annotations.get(key) instanceof ScalarNode value
          && value.value() instanceof String asked
          && !asked.isEmpty()) { // an empty value asks for no affinity, in every controller
        reporter.report(
            info(),
            resource,
            FieldPath.of("metadata", "annotations", key),
            MESSAGE.format("class", cls, "key", key));
        return; // one finding says it: the other switches name the same missing affinity
      }
    }
  }
}
