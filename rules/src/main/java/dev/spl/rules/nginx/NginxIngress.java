package dev.spl.rules.nginx;

import dev.spl.index.IndexFields;
import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
  static final String CLASS_ANNOTATION = "kubernetes.io/ingress.class";
  static final String F5_ORG = "nginx.org/";
  static final String F5_COM = "nginx.com/";

  /** What the cross-resource ingress-nginx rules read of an Ingress. */
  public static final Inputs INPUTS =
      Inputs.of(Inputs.Kind.INGRESS, "ingressClassName", "rules", "defaultBackend", "backend")
          .andAnnotations(Inputs.Kind.INGRESS, PREFIX, CLASS_ANNOTATION, F5_ORG, F5_COM);

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

  private static final Set<String> TRUE = Set.of("1", "t", "T", "TRUE", "true", "True");

  /** A Service port an Ingress path (or its default backend) sends to. */
  public record Backend(String service, String port, FieldPath path) {
    /** {@code cart:80}. */
    public String label() {
      return service + (port.isEmpty() ? "" : ":" + port);
    }
  }

  private final Resource ingress;
  private final MapNode annotations;

  private NginxIngress(Resource ingress, MapNode annotations) {
    this.ingress = ingress;
    this.annotations = annotations;
  }

  /** The Ingress as ingress-nginx reads it; null when {@code r} is not an ingress-nginx Ingress. */
  public static NginxIngress of(Resource r) {
    if (IndexFields.kindOf(r) != Inputs.Kind.INGRESS) {
      return null;
    }
    MapNode annotations = annotationsOf(r);
    return isIngressNginx(r, annotations) ? new NginxIngress(r, annotations) : null;
  }

  /**
   * ingress-nginx's when its class (ingressClassName, else the legacy annotation) names nginx, or
   * when it carries ingress-nginx annotations and no class names another controller. An Ingress of
   * an nginx class with only F5 NGINX Ingress Controller annotations is F5's: both default to the
   * class name "nginx".
   */
  private static boolean isIngressNginx(Resource r, MapNode annotations) {
    boolean own = hasPrefix(annotations, PREFIX);
    boolean f5 = hasPrefix(annotations, F5_ORG) || hasPrefix(annotations, F5_COM);
    String cls = r.spec() == null ? null : text(r.spec().get("ingressClassName"));
    if (cls == null && annotations != null) {
      cls = text(annotations.get(CLASS_ANNOTATION));
    }
    if (cls == null) {
      return own;
    }
    String c = cls.trim().toLowerCase(Locale.ROOT);
    if (c.contains("nginx")) {
      return own || !f5;
    }
    return own && OTHER_CONTROLLERS.stream().noneMatch(c::contains);
  }

  static MapNode annotationsOf(Resource r) {
    MapNode metadata = r.metadata();
    return metadata == null ? null : metadata.map("annotations");
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

  /** A scalar's text as the API server would store it; null for a missing or structured value. */
  static String text(Node node) {
    if (node instanceof ScalarNode s && !s.isNull()) {
      return String.valueOf(s.value());
    }
    return null;
  }

  public Resource resource() {
    return ingress;
  }

  /** The raw value of {@code nginx.ingress.kubernetes.io/<name>}, or null. */
  public String raw(String name) {
    return annotations == null ? null : text(annotations.get(PREFIX + name));
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
    String raw = raw(name);
    return raw != null && TRUE.contains(raw);
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
        String v = text(e.value());
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

  static boolean isAffinitySetting(String name) {
    return name.equals("affinity")
        || name.equals("affinity-mode")
        || name.equals("affinity-canary-behavior")
        || name.startsWith("session-cookie-");
  }

  /** The Service ports this Ingress sends to: every path's backend, then the default backend. */
  public List<Backend> backends() {
    List<Backend> out = new ArrayList<>();
    MapNode spec = ingress.spec();
    if (spec == null) {
      return out;
    }
    ListNode rules = spec.list("rules");
    if (rules != null) {
      for (int i = 0; i < rules.size(); i++) {
        if (!(rules.get(i) instanceof MapNode rule) || rule.map("http") == null) {
          continue;
        }
        ListNode paths = rule.map("http").list("paths");
        for (int j = 0; paths != null && j < paths.size(); j++) {
          if (paths.get(j) instanceof MapNode p && p.map("backend") != null) {
            FieldPath at = FieldPath.of("spec", "rules", i, "http", "paths", j, "backend");
            addBackend(p.map("backend"), at, out);
          }
        }
      }
    }
    for (String key : List.of("defaultBackend", "backend")) {
      if (spec.map(key) != null) {
        addBackend(spec.map(key), FieldPath.of("spec", key), out);
      }
    }
    return out;
  }

  private static void addBackend(MapNode backend, FieldPath at, List<Backend> out) {
    MapNode service = backend.map("service");
    if (service != null && text(service.get("name")) != null) {
      MapNode port = service.map("port");
      String p = "";
      if (port != null) {
        p = text(port.get("number")) != null ? text(port.get("number")) : text(port.get("name"));
      }
      out.add(new Backend(text(service.get("name")), p == null ? "" : p, at.key("service")));
    } else if (text(backend.get("serviceName")) != null) {
      // networking.k8s.io/v1beta1 and extensions/v1beta1, still in old charts
      String p = text(backend.get("servicePort"));
      out.add(
          new Backend(text(backend.get("serviceName")), p == null ? "" : p, at.key("serviceName")));
    }
  }

  /** {@code namespace/name} of the Ingress. */
  public String label() {
    String ns = ingress.namespace();
    return (ns == null || ns.isEmpty() ? "" : ns + "/") + ingress.name();
  }
}
