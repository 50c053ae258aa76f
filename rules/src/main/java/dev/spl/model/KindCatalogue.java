package dev.spl.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The kinds spl reads, and what its code asks of each: its {@link KindRole role} for the rules,
 * where session persistence sits on it, whether routes and policies name it, and whether an
 * admission webhook reviews it. Those it reviews carry session persistence or sticky-session
 * settings, or are Services whose affinity meets it; the others the cross-resource rules only look
 * at (Gateways, GatewayClasses, autoscalers and workloads). A resource finds its entry once, when
 * it is loaded ({@link Resource#catalogued()}). The webhook's handler and informers, the Helm
 * chart's webhook rules and RBAC, and the generated ValidatingAdmissionPolicies' match rules all
 * derive from this list; a test keeps the chart's copy equal.
 */
public final class KindCatalogue {
  /**
   * A kind as the API server serves it, and what spl makes of it.
   *
   * @param attachment where session persistence sits on it, or null when it carries none
   * @param referenceTarget true when routes, policies or Gateways name it in a reference
   * @param reviewed true when an admission webhook reviews it (the others are only read)
   */
  public record Kind(
      String group,
      String version,
      String kind,
      String plural,
      boolean namespaced,
      boolean reviewed,
      KindRole role,
      AttachmentPoint attachment,
      boolean referenceTarget) {

    /** {@code group/Kind}, or {@code Kind} for the core group. */
    public String label() {
      return (group.isEmpty() ? "" : group + "/") + kind;
    }

    /** True when spl's problems with such objects are its to report (see isAboutSessions). */
    boolean aboutSessions() {
      return reviewed || role == KindRole.GATEWAY || role == KindRole.GATEWAY_CLASS;
    }
  }

  public static final String GATEWAY_GROUP = "gateway.networking.k8s.io";
  public static final String EXPERIMENTAL_GROUP = "gateway.networking.x-k8s.io";

  private static final List<Kind> ALL =
      List.of(
          reviewed("", "v1", Kinds.SERVICE, "services", KindRole.SERVICE, null, true),
          reviewed(
              GATEWAY_GROUP,
              "v1",
              Kinds.HTTP_ROUTE,
              "httproutes",
              KindRole.ROUTE,
              AttachmentPoint.ROUTE_RULE,
              false),
          reviewed(
              GATEWAY_GROUP,
              "v1",
              Kinds.GRPC_ROUTE,
              "grpcroutes",
              KindRole.ROUTE,
              AttachmentPoint.ROUTE_RULE,
              false),
          reviewed(
              GATEWAY_GROUP,
              "v1alpha2",
              Kinds.BACKEND_LB_POLICY,
              "backendlbpolicies",
              KindRole.POLICY,
              AttachmentPoint.POLICY,
              false),
          reviewed(
              EXPERIMENTAL_GROUP,
              "v1alpha1",
              Kinds.X_BACKEND_TRAFFIC_POLICY,
              "xbackendtrafficpolicies",
              KindRole.POLICY,
              AttachmentPoint.POLICY,
              false),
          reviewed(
              EXPERIMENTAL_GROUP,
              "v1alpha1",
              Kinds.X_BACKEND,
              "xbackends",
              KindRole.BACKEND,
              AttachmentPoint.BACKEND,
              true),
          // GEP-1619's Backend is in no released CRD yet; its group is not settled.
          reviewed(
              EXPERIMENTAL_GROUP,
              "v1alpha1",
              Kinds.BACKEND,
              "backends",
              KindRole.BACKEND,
              AttachmentPoint.BACKEND,
              true),
          reviewed(
              GATEWAY_GROUP,
              "v1alpha1",
              Kinds.BACKEND,
              "backends",
              KindRole.BACKEND,
              AttachmentPoint.BACKEND,
              true),
          read(GATEWAY_GROUP, "v1", Kinds.GATEWAY, "gateways", true, KindRole.GATEWAY, true),
          read(
              GATEWAY_GROUP,
              "v1",
              Kinds.GATEWAY_CLASS,
              "gatewayclasses",
              false,
              KindRole.GATEWAY_CLASS,
              true),
          // Sticky sessions outside Gateway API: ingress-nginx, Traefik and ALB annotations,
          // Istio's
          // and Envoy Gateway's consistent hashing, Traefik's IngressRoute, GKE's policies.
          reviewed(
              "networking.k8s.io", "v1", Kinds.INGRESS, "ingresses", KindRole.INGRESS, null, false),
          reviewed(
              "networking.istio.io",
              "v1",
              Kinds.DESTINATION_RULE,
              "destinationrules",
              KindRole.SERVICE_POLICY,
              null,
              false),
          reviewed(
              "gateway.envoyproxy.io",
              "v1alpha1",
              Kinds.BACKEND_TRAFFIC_POLICY,
              "backendtrafficpolicies",
              KindRole.NONE,
              null,
              false),
          reviewed(
              "traefik.io",
              "v1alpha1",
              Kinds.INGRESS_ROUTE,
              "ingressroutes",
              KindRole.NONE,
              null,
              false),
          // Traefik's group before v3 (still served by v2 installs; SPL502 and its policy read it)
          reviewed(
              "traefik.containo.us",
              "v1alpha1",
              Kinds.INGRESS_ROUTE,
              "ingressroutes",
              KindRole.NONE,
              null,
              false),
          // Traefik's weighted services: sticky cookies per child and for the choice of child.
          reviewed(
              "traefik.io",
              "v1alpha1",
              Kinds.TRAEFIK_SERVICE,
              "traefikservices",
              KindRole.NONE,
              null,
              false),
          reviewed(
              "traefik.containo.us",
              "v1alpha1",
              Kinds.TRAEFIK_SERVICE,
              "traefikservices",
              KindRole.NONE,
              null,
              false),
          // GKE's Gateway policies: the affinity of the backend service a Service becomes.
          reviewed(
              "networking.gke.io",
              "v1",
              Kinds.GCP_BACKEND_POLICY,
              "gcpbackendpolicies",
              KindRole.SERVICE_POLICY,
              null,
              false),
          // GKE's stateful cookie affinity (GSSA): a policy on a Service or route, or a route
          // filter.
          reviewed(
              "networking.gke.io",
              "v1",
              Kinds.GCP_SESSION_AFFINITY_POLICY,
              "gcpsessionaffinitypolicies",
              KindRole.NONE,
              null,
              false),
          reviewed(
              "networking.gke.io",
              "v1",
              Kinds.GCP_SESSION_AFFINITY_FILTER,
              "gcpsessionaffinityfilters",
              KindRole.NONE,
              null,
              false),
          // Contour's own routes: each route's (and the TCP proxy's) load-balancing strategy.
          reviewed(
              "projectcontour.io",
              "v1",
              Kinds.HTTP_PROXY,
              "httpproxies",
              KindRole.NONE,
              null,
              false),
          // kgateway's backend settings: ring-hash and maglev hash policies.
          reviewed(
              "gateway.kgateway.dev",
              "v1alpha1",
              Kinds.BACKEND_CONFIG_POLICY,
              "backendconfigpolicies",
              KindRole.NONE,
              null,
              false),
          // NGINX Gateway Fabric's upstream settings: the load-balancing method of a Service.
          reviewed(
              "gateway.nginx.org",
              "v1alpha1",
              Kinds.UPSTREAM_SETTINGS_POLICY,
              "upstreamsettingspolicies",
              KindRole.NONE,
              null,
              false),
          // Read only: what scales an Ingress's backends (ingress-nginx balanced affinity).
          read(
              "autoscaling",
              "v2",
              Kinds.HORIZONTAL_POD_AUTOSCALER,
              "horizontalpodautoscalers",
              true,
              KindRole.HORIZONTAL_POD_AUTOSCALER,
              false),
          // Read only: the balancer GKE gives a Service, which hashing affinities need.
          read(
              "networking.gke.io",
              "v1",
              Kinds.GCP_TRAFFIC_DISTRIBUTION_POLICY,
              "gcptrafficdistributionpolicies",
              true,
              KindRole.SERVICE_POLICY,
              false),
          // Read only: the target groups the AWS Load Balancer Controller makes for a Gateway's
          // Services (its defaults come from TargetGroupConfigurations not in a review).
          read(
              "gateway.k8s.aws",
              "v1",
              Kinds.TARGET_GROUP_CONFIGURATION,
              "targetgroupconfigurations",
              true,
              KindRole.SERVICE_POLICY,
              false),
          // Read only: the session affinity GKE's Ingress gives a Service that names it.
          read(
              "cloud.google.com",
              "v1",
              Kinds.BACKEND_CONFIG,
              "backendconfigs",
              true,
              KindRole.SERVICE_CONFIG,
              true),
          // Read only: what an ALB IngressClass's parameters set for all its Ingresses.
          read(
              "elbv2.k8s.aws",
              "v1beta1",
              Kinds.INGRESS_CLASS_PARAMS,
              "ingressclassparams",
              false,
              KindRole.INGRESS_CLASS_PARAMS,
              true),
          // Read only: which other namespaces' routes may refer to a namespace's backends.
          read(
              GATEWAY_GROUP,
              "v1beta1",
              Kinds.REFERENCE_GRANT,
              "referencegrants",
              true,
              KindRole.REFERENCE_GRANT,
              false),
          read("apps", "v1", Kinds.DEPLOYMENT, "deployments", true, KindRole.WORKLOAD, false),
          read("apps", "v1", Kinds.STATEFUL_SET, "statefulsets", true, KindRole.WORKLOAD, false),
          // Read only: which controller serves an Ingress's class (ingress-nginx or F5's).
          read(
              "networking.k8s.io",
              "v1",
              Kinds.INGRESS_CLASS,
              "ingressclasses",
              false,
              KindRole.INGRESS_CLASS,
              false));

  /** By kind, then group: a lookup per object and reference, so no key is built for it. */
  private static final Map<String, List<Kind>> BY_KIND = new HashMap<>();

  static {
    for (Kind k : ALL) {
      BY_KIND.computeIfAbsent(k.kind(), x -> new ArrayList<>()).add(k);
    }
  }

  /** An Ingress of the removed {@code extensions} group is still read as one. */
  private static final Kind EXTENSIONS_INGRESS = find("networking.k8s.io", Kinds.INGRESS);

  private KindCatalogue() {}

  private static Kind reviewed(
      String group,
      String version,
      String kind,
      String plural,
      KindRole role,
      AttachmentPoint attachment,
      boolean referenceTarget) {
    return new Kind(group, version, kind, plural, true, true, role, attachment, referenceTarget);
  }

  private static Kind read(
      String group,
      String version,
      String kind,
      String plural,
      boolean namespaced,
      KindRole role,
      boolean referenceTarget) {
    return new Kind(group, version, kind, plural, namespaced, false, role, null, referenceTarget);
  }

  /** Every kind spl reads, reviewed or not. */
  public static List<Kind> all() {
    return ALL;
  }

  /** The entry for {@code group} ("" for core) and {@code kind}, or null when spl has none. */
  public static Kind find(String group, String kind) {
    String g = group == null ? "" : group;
    for (Kind k : BY_KIND.getOrDefault(kind, List.of())) {
      if (k.group().equals(g)) {
        return k;
      }
    }
    return null;
  }

  /**
   * The entry an object of {@code group/kind} is read as: its own, or that of the kind an older API
   * group served (an {@code extensions} Ingress); null when spl has none.
   */
  public static Kind readAs(String group, String kind) {
    Kind k = find(group, kind);
    return k == null && "extensions".equals(group) && Kinds.INGRESS.equals(kind)
        ? EXTENSIONS_INGRESS
        : k;
  }

  /** The role an object of {@code group/kind} has: {@link KindRole#NONE} when not catalogued. */
  public static KindRole roleOf(String group, String kind) {
    Kind k = readAs(group, kind);
    return k == null ? KindRole.NONE : k.role();
  }

  /** The catalogued kinds of {@code role}, in catalogue order. */
  public static List<Kind> withRole(KindRole role) {
    return ALL.stream().filter(k -> k.role() == role).toList();
  }

  /** The catalogued kinds that carry session persistence at {@code attachment}. */
  public static List<Kind> attachedAt(AttachmentPoint attachment) {
    return ALL.stream().filter(k -> k.attachment() == attachment).toList();
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
    if (group != null) {
      Kind k = find(group, kind);
      return k != null && k.aboutSessions();
    }
    return ALL.stream().anyMatch(k -> k.kind().equals(kind) && k.aboutSessions());
  }

  /** True when {@code group/kind} is reviewed. */
  public static boolean isReviewed(String group, String kind) {
    Kind k = find(group, kind);
    return k != null && k.reviewed();
  }

  /**
   * The chart's copy of this list ({@code charts/spl-webhook/kinds.yaml}), from which its webhook
   * rules and RBAC are rendered.
   */
  public static String chartYaml() {
    StringBuilder out =
        new StringBuilder(
            "# Generated from rules/src/main/java/dev/spl/model/KindCatalogue.java; do not edit.\n"
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
          .append(", carriesPersistence: ")
          .append(k.attachment() != null)
          .append("}\n");
    }
    return out.toString();
  }
}
