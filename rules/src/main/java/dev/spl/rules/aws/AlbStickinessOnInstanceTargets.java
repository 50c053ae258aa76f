package dev.spl.rules.aws;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * SPL601: ALB target-group stickiness on targets of type instance, where the load balancer pins a
 * node and kube-proxy spreads that node's requests over the Service's pods.
 */
@RuleDefinition(
    id = "SPL601",
    name = "alb-stickiness-on-instance-targets",
    severity = Severity.WARNING,
    summary =
        "ALB sticky sessions (stickiness.enabled=true) on an Ingress whose targets are instances,"
            + " not pods.",
    why =
        "With target-type instance (the AWS Load Balancer Controller's default) the ALB's target"
            + " group holds the cluster's nodes, on the Service's NodePort. The stickiness cookie"
            + " pins a client to a node; kube-proxy on that node then picks any pod of the"
            + " Service for each connection, so the session is not kept on one pod. The"
            + " controller's documentation: ip mode is required for sticky sessions to work."
            + " Without an annotation the target type is the controller's --default-target-type"
            + " (instance unless the cluster's admin changed it) or its IngressClassParams'.",
    fix =
        "Set alb.ingress.kubernetes.io/target-type: ip on the Ingress (or the Service), which"
            + " registers the pods themselves; it needs the VPC CNI's pod addresses.",
    reference =
        "kubernetes-sigs/aws-load-balancer-controller 225f445: docs/guide/ingress/annotations.md"
            + " (target-type: \"ip mode is required for sticky sessions to work\");"
            + " pkg/ingress/model_build_target_group.go buildTargetGroupTargetType (flag"
            + " --default-target-type, then the Service's or Ingress's annotation, then"
            + " IngressClassParams) and buildTargetGroupAttributes (keys and values trimmed)")
public final class AlbStickinessOnInstanceTargets implements IndexRule {
  static final String PREFIX = "alb.ingress.kubernetes.io/";
  static final String ATTRIBUTES = PREFIX + "target-group-attributes";
  static final String TARGET_TYPE = PREFIX + "target-type";

  /** The controller name in an IngressClass that the AWS Load Balancer Controller serves. */
  static final String CONTROLLER = "ingress.k8s.aws/alb";

  @Override
  public Inputs inputs() {
    return Inputs.of(Inputs.Kind.INGRESS, "ingressClassName", "rules", "defaultBackend", "backend")
        .andAnnotations(Inputs.Kind.INGRESS, PREFIX, "kubernetes.io/ingress.class")
        .andAnnotations(Inputs.Kind.SERVICE, PREFIX)
        .and(Inputs.Kind.INGRESS_CLASS, "controller");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (Resource ingress : index.all(Inputs.Kind.INGRESS)) {
      if (!isAlbs(ingress, context)) {
        continue;
      }
      Set<String> seen = new HashSet<>();
      for (IngressPath path : IngressPath.of(ingress)) {
        if (!seen.add(path.service())) {
          continue; // one target group per Service here: one finding
        }
        Optional<Resource> service =
            index.find(new ObjectKey("", "Service", ingress.namespace(), path.service()));
        // The Service's annotations win over the Ingress's (svcAndIngAnnotations).
        Map<String, String> merged = albAnnotations(ingress);
        service.ifPresent(s -> merged.putAll(albAnnotations(s)));
        if (!"true".equals(attributes(merged.get(ATTRIBUTES)).get("stickiness.enabled"))) {
          continue;
        }
        String targetType = merged.get(TARGET_TYPE);
        if (targetType != null && !targetType.equals("instance")) {
          continue;
        }
        Resource where =
            service.filter(s -> albAnnotations(s).containsKey(ATTRIBUTES)).orElse(ingress);
        reporter.report(
            info(),
            where,
            FieldPath.of("metadata", "annotations", ATTRIBUTES),
            "stickiness pins a node, not a pod, with target-type "
                + (targetType == null ? "instance (the default)" : "instance")
                + ": set target-type: ip for Service "
                + path.service(),
            where == ingress ? List.of() : List.of(Reporter.at(ingress, path.field())));
      }
    }
  }

  /**
   * True when the AWS Load Balancer Controller serves {@code ingress}: an IngressClass in the input
   * says so, or its class is "alb" (ingressClassName, else the legacy annotation), or it has no
   * class and carries the controller's annotations.
   */
  static boolean isAlbs(Resource ingress, RuleContext context) {
    MapNode spec = ingress.spec();
    String cls = spec == null ? null : ScalarNode.text(spec.get("ingressClassName"));
    Optional<String> controller = context.ingressClasses().controllerOf(cls);
    if (controller.isPresent()) {
      return controller.get().equals(CONTROLLER);
    }
    MapNode annotations = ingress.annotations();
    if (cls == null && annotations != null) {
      cls = ScalarNode.text(annotations.get("kubernetes.io/ingress.class"));
    }
    return cls == null ? !albAnnotations(ingress).isEmpty() : cls.trim().equals("alb");
  }

  /** The object's alb.ingress.kubernetes.io/ annotations with string values. */
  static Map<String, String> albAnnotations(Resource r) {
    Map<String, String> out = new LinkedHashMap<>();
    MapNode annotations = r.annotations();
    if (annotations != null) {
      for (MapNode.Entry e : annotations.entries()) {
        if (e.key().startsWith(PREFIX) && ScalarNode.text(e.value()) != null) {
          out.put(e.key(), ScalarNode.text(e.value()).trim());
        }
      }
    }
    return out;
  }

  /**
   * A comma-separated {@code key=value} list as the controller's ParseStringMapAnnotation reads it:
   * a backslash escapes the next character; a comma splits only when an "=" follows somewhere after
   * it (a trailing comma stays in the value); keys and values trimmed. A malformed list (an entry
   * without "=", an empty key) makes the controller reject the annotation: nothing is read. Linear
   * in the length: whether an "=" follows is known from the last one's position.
   */
  static Map<String, String> attributes(String raw) {
    Map<String, String> out = new LinkedHashMap<>();
    if (raw == null) {
      return out;
    }
    List<String> pairs = new java.util.ArrayList<>();
    StringBuilder current = new StringBuilder();
    int lastEquals = raw.lastIndexOf('=');
    int lastNonBlank = raw.length() - 1;
    while (lastNonBlank >= 0 && Character.isWhitespace(raw.charAt(lastNonBlank))) {
      lastNonBlank--;
    }
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '\\' && i + 1 < raw.length()) {
        current.append(raw.charAt(++i));
      } else if (c == ',') {
        if (lastEquals > i) {
          pairs.add(current.toString().strip());
          current.setLength(0);
        } else if (lastNonBlank > i) {
          return Map.of(); // content after the comma but no "=": the controller's parse error
        } else {
          current.append(c);
        }
      } else {
        current.append(c);
      }
    }
    if (current.length() > 0) {
      pairs.add(current.toString().strip());
    }
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (eq < 0 || pair.substring(0, eq).strip().isEmpty()) {
        return Map.of();
      }
      out.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
    }
    return out;
  }
}
