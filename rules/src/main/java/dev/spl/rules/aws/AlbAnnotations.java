package dev.spl.rules.aws;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The AWS Load Balancer Controller's Ingresses and their target groups as the controller reads them
 * (kubernetes-sigs/aws-load-balancer-controller 225f445): which Ingresses are its, each backend
 * Service's annotations merged over the Ingress's, and its comma-separated attribute lists.
 */
final class AlbAnnotations {
  static final String PREFIX = "alb.ingress.kubernetes.io/";
  static final String ATTRIBUTES = PREFIX + "target-group-attributes";
  static final String TARGET_TYPE = PREFIX + "target-type";

  /**
   * The port name of a backend that is an action, not a Service: the controller reads the action
   * from the {@code actions.<service name>} annotation (ingress/config_types.go,
   * ServicePortUseAnnotation).
   */
  static final String USE_ANNOTATION = "use-annotation";

  /** The controller name in an IngressClass that the AWS Load Balancer Controller serves. */
  static final String CONTROLLER = "ingress.k8s.aws/alb";

  /** What the ALB rules read. */
  static final Inputs INPUTS =
      Inputs.of(KindRole.INGRESS, "ingressClassName", "rules", "defaultBackend", "backend")
          .andAnnotations(KindRole.INGRESS, PREFIX, dev.spl.index.IngressClasses.CLASS_ANNOTATION)
          .andAnnotations(KindRole.SERVICE, PREFIX)
          .and(KindRole.INGRESS_CLASS, "controller", "parameters")
          .and(KindRole.INGRESS_CLASS_PARAMS, "targetType");

  /** The API group of the controller's IngressClassParams. */
  static final String PARAMS_GROUP = "elbv2.k8s.aws";

  /**
   * The target type the IngressClassParams of {@code ingress}'s class sets for every Ingress of the
   * class, which wins over the annotations (model_build_target_group.go,
   * buildTargetGroupTargetType); empty when none in sight sets one.
   */
  static Optional<String> classTargetType(
      ResourceIndex index, RuleContext context, Resource ingress) {
    return context
        .ingressClasses()
        .parametersFor(ingress)
        .filter(k -> k.group().equals(PARAMS_GROUP) && k.kind().equals(Kinds.INGRESS_CLASS_PARAMS))
        .flatMap(index::find)
        .map(p -> p.spec() == null ? null : ScalarNode.text(p.spec().get("targetType")))
        .filter(t -> !t.isBlank());
  }

  private AlbAnnotations() {}

  /**
   * One target group: an ALB Ingress's backend Service, with the annotations that configure it (the
   * Service's over the Ingress's, as the controller's svcAndIngAnnotations merges them).
   *
   * @param attributesOn the object whose target-group-attributes the group takes
   */
  record Backend(
      Resource ingress, IngressPath path, Map<String, String> annotations, Resource attributesOn) {
    /** The Ingress's backend, when the finding is on the Service. */
    List<RelatedLocation> related() {
      return attributesOn == ingress ? List.of() : List.of(Reporter.at(ingress, path.field()));
    }
  }

  /** Every ALB Ingress's backend Services, once per Ingress and Service. */
  static List<Backend> backends(ResourceIndex index, RuleContext context) {
    List<Backend> out = new ArrayList<>();
    for (Resource ingress : index.all(KindRole.INGRESS)) {
      if (!isAlbs(ingress, context)) {
        continue;
      }
      Set<String> seen = new HashSet<>();
      for (IngressPath path : IngressPath.of(ingress)) {
        if (!seen.add(path.service())) {
          continue;
        }
        Optional<Resource> service = serviceOf(index, ingress, path.service());
        Map<String, String> merged = merged(ingress, service);
        Resource on =
            service.isPresent() && albAnnotations(service.get()).containsKey(ATTRIBUTES)
                ? service.get()
                : ingress;
        out.add(new Backend(ingress, path, merged, on));
      }
    }
    return out;
  }

  /** The Service {@code name} of the Ingress's namespace, when the input holds it. */
  static Optional<Resource> serviceOf(ResourceIndex index, Resource ingress, String name) {
    return index.find(new ObjectKey("", Kinds.SERVICE, ingress.namespace(), name));
  }

  /**
   * The annotations that configure a target group of {@code ingress} for {@code service}: the
   * Service's over the Ingress's, as the controller's svcAndIngAnnotations merges them.
   */
  static Map<String, String> merged(Resource ingress, Optional<Resource> service) {
    Map<String, String> merged = albAnnotations(ingress);
    service.ifPresent(s -> merged.putAll(albAnnotations(s)));
    return merged;
  }

  /**
   * True when the AWS Load Balancer Controller serves {@code ingress}: an IngressClass in the input
   * says so, or its class is "alb" (ingressClassName, else the legacy annotation), or it has no
   * class and carries the controller's annotations.
   */
  static boolean isAlbs(Resource ingress, RuleContext context) {
    Optional<String> controller = context.ingressClasses().controllerFor(ingress);
    if (controller.isPresent()) {
      return controller.get().equals(CONTROLLER);
    }
    String cls = dev.spl.index.IngressClasses.requestedClassOf(ingress);
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
  static Map<String, String> attributes(CharSequence raw) {
    Map<String, String> out = new LinkedHashMap<>();
    if (raw == null) {
      return out;
    }
    List<String> pairs = new java.util.ArrayList<>();
    StringBuilder current = new StringBuilder();
    int lastEquals = raw.length() - 1;
    while (lastEquals >= 0 && raw.charAt(lastEquals) != '=') {
      lastEquals--;
    }
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
