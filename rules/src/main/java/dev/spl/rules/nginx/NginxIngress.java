package dev.spl.rules.nginx;

import dev.spl.index.ControllerVersions;
import dev.spl.index.IngressClasses;
import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.rules.GoBool;
import dev.spl.rules.RuleContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An Ingress as ingress-nginx reads it: whether it is ingress-nginx's at all, its {@code
 * nginx.ingress.kubernetes.io/} annotations as the controller parses them, and its Service
 * backends. Facts from kubernetes/ingress-nginx at its final release (dbb11b9, 2026-03-20):
 * internal/ingress/annotations/parser (values trimmed line by line, booleans by Go's
 * strconv.ParseBool) and internal/ingress/annotations/sessionaffinity.
 */
public final class NginxIngress {
  public static final String PREFIX = "nginx.ingress.kubernetes.io/";
  static final String CLASS_ANNOTATION = IngressClasses.CLASS_ANNOTATION;
  public static final String F5_ORG = "nginx.org/";
  public static final String F5_COM = "nginx.com/";

  /** What the cross-resource ingress-nginx rules read of an Ingress. */
  /**
   * What {@link #of} reads of an Ingress: its class and annotations, and the controller its
   * IngressClass names.
   */
  static final Inputs ANNOTATIONS =
      Inputs.of(KindRole.INGRESS, "ingressClassName")
          .andAnnotations(KindRole.INGRESS, PREFIX, CLASS_ANNOTATION, F5_ORG, F5_COM)
          .and(KindRole.INGRESS_CLASS, "controller");

  public static final Inputs INPUTS =
      Inputs.of(KindRole.INGRESS, "ingressClassName", "rules", "defaultBackend", "backend")
          .andAnnotations(KindRole.INGRESS, PREFIX, CLASS_ANNOTATION, F5_ORG, F5_COM)
          .and(KindRole.INGRESS_CLASS, "controller");

  /** Class names of other controllers: their Ingresses are not ingress-nginx's. */
  private static final List<String> OTHER_CONTROLLERS =
      List.of(
          "traefik",
          "haproxy",
          "alb",
          "gce",
          "kong",
          "istio",
          "contour",
          "azure",
          "cilium",
          "ambassador",
          "emissary",
          "skipper",
          "openshift",
          "apisix",
          "envoy",
          "citrix",
          "voyager");

  private final Resource ingress;
  private final MapNode annotations;

  private NginxIngress(Resource ingress, MapNode annotations) {
    this.ingress = ingress;
    this.annotations = annotations;
  }

  /**
   * The Ingress as ingress-nginx reads it, judged by its class name and annotations alone; null
   * when {@code r} is not an ingress-nginx Ingress.
   */
  public static NginxIngress of(Resource r) {
    return of(r, IngressClasses.NONE);
  }

  /**
   * The Ingress as ingress-nginx reads it, for the rules about ingress-nginx's behaviour; null when
   * {@code r} is not an ingress-nginx Ingress, or when .spl.yaml says Traefik's ingress-nginx
   * provider serves those classes: then ingress-nginx's behaviour is not what runs, and SPL505 says
   * what Traefik does instead.
   */
  public static NginxIngress of(Resource r, RuleContext context) {
    return servedByTraefik(context) ? null : of(r, context.ingressClasses());
  }

  /**
   * The Ingress of an ingress-nginx class as Traefik's ingress-nginx provider reads it (the same
   * annotations), when .spl.yaml says that provider serves those classes; else null.
   */
  public static NginxIngress ofTraefikProvider(Resource r, RuleContext context) {
    return servedByTraefik(context) ? of(r, context.ingressClasses()) : null;
  }

  /** True when .spl.yaml says Traefik's ingress-nginx provider serves ingress-nginx's classes. */
  public static boolean servedByTraefik(RuleContext context) {
    return context.controllerVersions().of(ControllerVersions.TRAEFIK_INGRESS_NGINX).isPresent();
  }

  /**
   * The ingress-nginx annotations {@code r} carries, whichever controller serves it (null when
   * {@code r} is no Ingress): for saying that another controller does not read them.
   */
  public static NginxIngress written(Resource r) {
    return r.role() == KindRole.INGRESS ? new NginxIngress(r, r.annotations()) : null;
  }

  /**
   * The Ingress as ingress-nginx reads it; null when {@code r} is not an ingress-nginx Ingress. An
   * IngressClass among {@code classes} decides for the Ingresses of its class.
   */
  public static NginxIngress of(Resource r, IngressClasses classes) {
    if (r.role() != KindRole.INGRESS) {
      return null;
    }
    MapNode annotations = r.annotations();
    return isIngressNginx(r, annotations, classes) ? new NginxIngress(r, annotations) : null;
  }

  /**
   * ingress-nginx's when the IngressClass its ingressClassName names is served by ingress-nginx
   * (controller {@code k8s.io/ingress-nginx}, or a {@code k8s.io/} name of a second installation's
   * own, as the chart's controllerValue writes it). Without that IngressClass: when its class
   * (ingressClassName, else the legacy annotation) names nginx, or when it carries ingress-nginx
   * annotations and no class names another controller. An Ingress of an nginx class with only F5
   * NGINX Ingress Controller annotations is then F5's: both default to the class name "nginx".
   */
  private static boolean isIngressNginx(Resource r, MapNode annotations, IngressClasses classes) {
    java.util.Optional<String> controller = classes.controllerFor(r);
    if (controller.isPresent()) {
      String c = controller.get();
      return c.equals(IngressClasses.INGRESS_NGINX)
          || c.startsWith("k8s.io/") && c.contains("ingress-nginx");
    }
    boolean own = hasPrefix(annotations, PREFIX);
    boolean f5 = hasPrefix(annotations, F5_ORG) || hasPrefix(annotations, F5_COM);
    String cls = IngressClasses.requestedClassOf(r);
    if (cls == null) {
      return own;
    }
    String c = cls.trim().toLowerCase(Locale.ROOT);
    if (c.contains("nginx")) {
      return own || !f5;
    }
    return own && OTHER_CONTROLLERS.stream().noneMatch(c::contains);
  }

  private static boolean hasPrefix(MapNode annotations, String prefix) {
    if (annotations == null) {
      return false;
    }
    for (MapNode.Entry e : annotations.entries()) {
      if (e.key().startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  public Resource resource() {
    return ingress;
  }

  /** The raw value of {@code nginx.ingress.kubernetes.io/<name>}, or null. */
  public String raw(String name) {
    return annotations == null ? null : ScalarNode.text(annotations.get(PREFIX + name));
  }

  public boolean has(String name) {
    return raw(name) != null;
  }

  /** The value as the controller's parser sees it: each line trimmed; null when absent. */
  public String value(String name) {
    String raw = raw(name);
    return raw == null ? null : normalized(raw);
  }

  /** A raw annotation value as the controller's parser sees it: each line trimmed. */
  public static String normalized(String raw) {
    String[] lines = raw.split("\n", -1);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      out.append(i == 0 ? "" : "\n").append(lines[i].strip());
    }
    return out.toString();
  }

  /**
   * True when the annotation parses as true with Go's strconv.ParseBool, as the controller does.
   */
  public boolean isTrue(String name) {
    return GoBool.isTrue(raw(name));
  }

  public FieldPath at(String name) {
    return FieldPath.of("metadata", "annotations", PREFIX + name);
  }

  /** {@code affinity: cookie}, the one affinity type the controller has. */
  public boolean cookieAffinity() {
    return "cookie".equals(value("affinity"));
  }

  public boolean hasTls() {
    ListNode tls = ingress.spec() == null ? null : ingress.spec().list("tls");
    return tls != null && tls.size() > 0;
  }

  /** The ingress-nginx annotations, by name without the prefix, in document order. */
  public Map<String, String> annotations() {
    Map<String, String> out = new LinkedHashMap<>();
    if (annotations != null) {
      for (MapNode.Entry e : annotations.entries()) {
        String v = ScalarNode.text(e.value());
        if (e.key().startsWith(PREFIX) && v != null) {
          out.put(e.key().substring(PREFIX.length()), v);
        }
      }
    }
    return out;
  }

  /** Every annotation of the object (any prefix), in document order. */
  public List<MapNode.Entry> allAnnotations() {
    return annotations == null ? List.of() : annotations.entries();
  }

  /**
   * The annotations that shape one upstream's affinity (type, mode, canary behaviour, cookie), by
   * name, values as parsed: what two Ingresses sharing a Service port must agree on.
   */
  public Map<String, String> affinitySettings() {
    Map<String, String> out = new TreeMap<>();
    annotations()
        .forEach(
            (name, v) -> {
              // session-cookie-hash was removed in 0.24.0: nothing reads it, so it cannot differ
              if (isAffinitySetting(name) && !name.equals("session-cookie-hash")) {
                out.put(name, normalized(v));
              }
            });
    return out;
  }

  public static boolean isAffinitySetting(String name) {
    return name.equals("affinity")
        || name.equals("affinity-mode")
        || name.equals("affinity-canary-behavior")
        || name.startsWith("session-cookie-");
  }

  /** The Service ports this Ingress sends to: every path's backend, then the default backend. */
  public List<IngressPath> backends() {
    return IngressPath.of(ingress);
  }

  /** {@code namespace/name} of the Ingress. */
  public String label() {
    String ns = ingress.namespace();
    return (ns == null || ns.isEmpty() ? "" : ns + "/") + ingress.name();
  }
}
