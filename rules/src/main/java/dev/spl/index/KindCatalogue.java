package dev.spl.index;

import java.util.List;

/**
 * The kinds spl reads: those an admission webhook reviews (they carry session persistence or
 * sticky-session settings, or are Services whose affinity meets it), and those the cross-resource
 * rules only look at (Gateways, GatewayClasses, autoscalers and workloads). The webhook's handler
 * and informers and the Helm chart's webhook rules and RBAC all derive from it; a test keeps the
 * chart's copy equal.
 */
public final class KindCatalogue {
  /** A kind as the API server serves it. */
  public record Kind(
      String group,
      String version,
      String kind,
      String plural,
      boolean namespaced,
      boolean reviewed) {

    /**
     * How the cross-resource rules' {@link Inputs} name this kind; null for a kind only
     * single-object rules read (a DestinationRule).
     */
    public Inputs.Kind input() {
      return switch (kind) {
        case "HTTPRoute", "GRPCRoute" -> Inputs.Kind.ROUTE;
        case "BackendLBPolicy", "XBackendTrafficPolicy" -> Inputs.Kind.POLICY;
        case "Backend", "XBackend" -> Inputs.Kind.BACKEND;
        case "Service" -> Inputs.Kind.SERVICE;
        case "Gateway" -> Inputs.Kind.GATEWAY;
        case "GatewayClass" -> Inputs.Kind.GATEWAY_CLASS;
        case "Ingress" -> Inputs.Kind.INGRESS;
        case "HorizontalPodAutoscaler" -> Inputs.Kind.HORIZONTAL_POD_AUTOSCALER;
        case "Deployment", "StatefulSet" -> Inputs.Kind.WORKLOAD;
        case "IngressClass" -> Inputs.Kind.INGRESS_CLASS;
        default -> null;
      };
    }

    /** {@code group/Kind}, or {@code Kind} for the core group. */
    public String label() {
      return (group.isEmpty() ? "" : group + "/") + kind;
    }
  }

  private static final String GATEWAY = "gateway.networking.k8s.io";
  private static final String EXPERIMENTAL = "gateway.networking.x-k8s.io";

  private static final List<Kind> ALL =
      List.of(
          new Kind("", "v1", "Service", "services", true, true),
          new Kind(GATEWAY, "v1", "HTTPRoute", "httproutes", true, true),
          new Kind(GATEWAY, "v1", "GRPCRoute", "grpcroutes", true, true),
          new Kind(GATEWAY, "v1alpha2", "BackendLBPolicy", "backendlbpolicies", true, true),
          new Kind(
              EXPERIMENTAL,
              "v1alpha1",
              "XBackendTrafficPolicy",
              "xbackendtrafficpolicies",
              true,
              true),
          new Kind(EXPERIMENTAL, "v1alpha1", "XBackend", "xbackends", true, true),
          // GEP-1619's Backend is in no released CRD yet; its group is not settled.
          new Kind(EXPERIMENTAL, "v1alpha1", "Backend", "backends", true, true),
          new Kind(GATEWAY, "v1alpha1", "Backend", "backends", true, true),
          new Kind(GATEWAY, "v1", "Gateway", "gateways", true, false),
          new Kind(GATEWAY, "v1", "GatewayClass", "gatewayclasses", false, false),
          // Sticky sessions outside Gateway API: ingress-nginx and Traefik annotations, Istio's
          // and Envoy Gateway's consistent hashing, Traefik's IngressRoute.
          new Kind("networking.k8s.io", "v1", "Ingress", "ingresses", true, true),
          new Kind("networking.istio.io", "v1", "DestinationRule", "destinationrules", true, true),
          new Kind(
              "gateway.envoyproxy.io",
              "v1alpha1",
              "BackendTrafficPolicy",
              "backendtrafficpolicies",
              true,
              true),
          new Kind("traefik.io", "v1alpha1", "IngressRoute", "ingressroutes", true, true),
          // Read only: what scales an Ingress's backends (ingress-nginx balanced affinity).
          new Kind(
              "autoscaling",
              "v2",
              "HorizontalPodAutoscaler",
              "horizontalpodautoscalers",
              true,
              false),
          new Kind("apps", "v1", "Deployment", "deployments", true, false),
          new Kind("apps", "v1", "StatefulSet", "statefulsets", true, false),
          // Read only: which controller serves an Ingress's class (ingress-nginx or F5's).
          new Kind("networking.k8s.io", "v1", "IngressClass", "ingressclasses", false, false));

  private KindCatalogue() {}

  /** Every kind spl reads, reviewed or not. */
  public static List<Kind> all() {
    return ALL;
  }

  /**
   * The kinds a webhook keeps a cache of: those it reviews (the background audit lints them) and
   * those the cross-resource rules read ({@code inputs}, their declarations).
   */
  public static List<Kind> watched(Inputs inputs) {
    return ALL.stream()
        .filter(k -> k.reviewed() || (k.input() != null && inputs.reads(k.input())))
        .toList();
  }

  /** The kinds an admission webhook reviews. */
  public static List<Kind> reviewed() {
    return ALL.stream().filter(Kind::reviewed).toList();
  }

  /**
   * True for kinds whose problems are spl's to report: those carrying session persistence or sticky
   * settings, and the Gateways they meet. Other objects' problems (a duplicate label in a
   * Deployment) are left to kubeconform and kube-linter. A null group matches any group.
   */
  public static boolean isAboutSessions(String group, String kind) {
    return ALL.stream()
        .anyMatch(
            k ->
                k.kind().equals(kind)
                    && (group == null || k.group().equals(group))
                    && (k.reviewed()
                        || k.input() == Inputs.Kind.GATEWAY
                        || k.input() == Inputs.Kind.GATEWAY_CLASS));
  }

  /**
   * True when an object writes anything about sessions: a key or annotation that uses one of {@link
   * dev.spl.load.SessionWords}. A walk reports the YAML problems (a duplicate key) of such objects
   * only: the same problem in a plain route or Service is kubeconform's.
   */
  public static boolean writesAboutSessions(dev.spl.model.Node node) {
    if (node instanceof dev.spl.model.MapNode map) {
      for (dev.spl.model.MapNode.Entry e : map.entries()) {
        if (dev.spl.load.SessionWords.in(e.key()) || writesAboutSessions(e.value())) {
          return true;
        }
      }
    } else if (node instanceof dev.spl.model.ListNode list) {
      for (dev.spl.model.Node item : list.items()) {
        if (writesAboutSessions(item)) {
          return true;
        }
      }
    }
    return false;
  }

  /** True when {@code group/kind} is reviewed. */
  public static boolean isReviewed(String group, String kind) {
    String g = group == null ? "" : group;
    return ALL.stream().anyMatch(k -> k.reviewed() && k.group().equals(g) && k.kind().equals(kind));
  }

  /**
   * The chart's copy of this list ({@code charts/spl-webhook/kinds.yaml}), from which its webhook
   * rules and RBAC are rendered.
   */
  public static String chartYaml() {
    StringBuilder out =
        new StringBuilder(
            "# Generated from rules/src/main/java/dev/spl/index/KindCatalogue.java; do not edit.\n"
                + "# Regenerate: mvn -pl webhook test -Dtest=ChartKindsTest -Dspl.update-kinds=true\n"
                + "kinds:\n");
    for (Kind k : ALL) {
      out.append("- {group: \"")
          .append(k.group())
          .append("\", version: ")
          .append(k.version())
          .append(", kind: ")
          .append(k.kind())
          .append(", resource: ")
          .append(k.plural())
          .append(", namespaced: ")
          .append(k.namespaced())
          .append(", reviewed: ")
          .append(k.reviewed())
          .append("}\n");
    }
    return out.toString();
  }
}
