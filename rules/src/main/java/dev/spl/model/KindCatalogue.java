package dev.spl.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The kinds spl reads, and what its code asks of each: its {@link KindRole role} for the rules,
 * where session persistence sits on it, and whether routes and policies name it. A resource finds
 * its entry once, when it is loaded ({@link Resource#catalogued()}). Which of them an admission
 * webhook reviews and watches is not decided here but by what the rules declare they read ({@code
 * BuiltInRules.reviewedKinds}, {@code watchedKinds}); the chart's copy (kinds.yaml) is generated
 * from both.
 */
public final class KindCatalogue {
  /**
   * A kind as the API server serves it, and what spl makes of it.
   *
   * @param attachment where session persistence sits on it, or null when it carries none
   * @param referenceTarget true when routes, policies or Gateways name it in a reference
   */
  public record Kind(
      String group,
      String version,
      String kind,
      String plural,
      boolean namespaced,
      KindRole role,
      AttachmentPoint attachment,
      boolean referenceTarget) {

    /** {@code group/Kind}, or {@code Kind} for the core group. */
    public String label() {
      return (group.isEmpty() ? "" : group + "/") + kind;
    }
  }

  public static final String GATEWAY_GROUP = "gateway.networking.k8s.io";
  public static final String EXPERIMENTAL_GROUP = "gateway.networking.x-k8s.io";

  private static final List<Kind> ALL =
      List.of(
          namespaced("", "v1", Kinds.SERVICE, "services", KindRole.SERVICE, null, true),
          namespaced(
              GATEWAY_GROUP,
              "v1",
              Kinds.HTTP_ROUTE,
              "httproutes",
              KindRole.ROUTE,
              AttachmentPoint.ROUTE_RULE,
              false),
          namespaced(
              GATEWAY_GROUP,
              "v1",
              Kinds.GRPC_ROUTE,
              "grpcroutes",
              KindRole.ROUTE,
              AttachmentPoint.ROUTE_RULE,
              false),
          namespaced(
              GATEWAY_GROUP,
              "v1alpha2",
              Kinds.BACKEND_LB_POLICY,
              "backendlbpolicies",
              KindRole.POLICY,
              AttachmentPoint.POLICY,
              false),
          namespaced(
              EXPERIMENTAL_GROUP,
              "v1alpha1",
              Kinds.X_BACKEND_TRAFFIC_POLICY,
              "xbackendtrafficpolicies",
              KindRole.POLICY,
              AttachmentPoint.POLICY,
              false),
          namespaced(
              EXPERIMENTAL_GROUP,
              "v1alpha1",
              Kinds.X_BACKEND,
              "xbackends",
              KindRole.BACKEND,
              AttachmentPoint.BACKEND,
              true),
          // GEP-1619's Backend is in no released CRD yet; its group is not settled.
          namespaced(
              EXPERIMENTAL_GROUP,
              "v1alpha1",
              Kinds.BACKEND,
              "backends",
              KindRole.BACKEND,
              AttachmentPoint.BACKEND,
              true),
          namespaced(
              GATEWAY_GROUP,
              "v1alpha1",
              Kinds.BACKEND,
              "backends",
              KindRole.BACKEND,
              AttachmentPoint.BACKEND,
              true),
          unattached(GATEWAY_GROUP, "v1", Kinds.GATEWAY, "gateways", true, KindRole.GATEWAY, true),
          unattached(
              GATEWAY_GROUP,
              "v1",
              Kinds.GATEWAY_CLASS,
              "gatewayclasses",
              false,
              KindRole.GATEWAY_CLASS,
              true),
          // Sticky sessions outside Gateway API: ingress-nginx, Traefik and ALB annotations,
          // Istio's and Envoy Gateway's consistent hashing, Traefik's IngressRoute, GKE's policies.
          namespaced(
              "networking.k8s.io", "v1", Kinds.INGRESS, "ingresses", KindRole.INGRESS, null, false),
          namespaced(
              "networking.istio.io",
              "v1",
              Kinds.DESTINATION_RULE,
              "destinationrules",
              KindRole.SERVICE_POLICY,
              null,
              false),
          namespaced(
              "gateway.envoyproxy.io",
              "v1alpha1",
              Kinds.BACKEND_TRAFFIC_POLICY,
              "backendtrafficpolicies",
              KindRole.NONE,
              null,
              false),
          namespaced(
              "traefik.io",
              "v1alpha1",
              Kinds.INGRESS_ROUTE,
              "ingressroutes",
              KindRole.NONE,
              null,
              false),
          // Traefik's group before v3 (still served by v2 installs; SPL502 and its policy read it)
          namespaced(
              "traefik.containo.us",
              "v1alpha1",
              Kinds.INGRESS_ROUTE,
              "ingressroutes",
              KindRole.NONE,
              null,
              false),
          // Traefik's weighted services: sticky cookies per child and for the choice of child.
          namespaced(
              "traefik.io",
              "v1alpha1",
              Kinds.TRAEFIK_SERVICE,
              "traefikservices",
              KindRole.NONE,
              null,
              false),
          namespaced(
              "traefik.containo.us",
              "v1alpha1",
              Kinds.TRAEFIK_SERVICE,
              "traefikservices",
              KindRole.NONE,
              null,
              false),
          // Traefik's middlewares: none of them is sticky, which users write anyway (SPL507).
          namespaced(
              "traefik.io",
              "v1alpha1",
              Kinds.TRAEFIK_MIDDLEWARE,
              "middlewares",
              KindRole.NONE,
              null,
              false),
          namespaced(
              "traefik.containo.us",
              "v1alpha1",
              Kinds.TRAEFIK_MIDDLEWARE,
              "middlewares",
              KindRole.NONE,
              null,
              false),
          // F5 NGINX Ingress Controller's own routing kinds: upstreams[].sessionCookie (SPL232).
          namespaced(
              "k8s.nginx.org",
              "v1",
              Kinds.VIRTUAL_SERVER,
              "virtualservers",
              KindRole.NONE,
              null,
              false),
          namespaced(
              "k8s.nginx.org",
              "v1",
              Kinds.VIRTUAL_SERVER_ROUTE,
              "virtualserverroutes",
              KindRole.NONE,
              null,
              false),
          // Kong's load-balancing policy, named by a Service's konghq.com/upstream-policy (SPL271).
          namespaced(
              "configuration.konghq.com",
              "v1beta1",
              Kinds.KONG_UPSTREAM_POLICY,
              "kongupstreampolicies",
              KindRole.NONE,
              null,
              false),
          // GKE's Gateway policies: the affinity of the backend service a Service becomes.
          namespaced(
              "networking.gke.io",
              "v1",
              Kinds.GCP_BACKEND_POLICY,
              "gcpbackendpolicies",
              KindRole.SERVICE_POLICY,
              null,
              false),
          // GKE's stateful cookie affinity (GSSA): a policy on a Service or route, or a route
          // filter.
          namespaced(
              "networking.gke.io",
              "v1",
              Kinds.GCP_SESSION_AFFINITY_POLICY,
              "gcpsessionaffinitypolicies",
              KindRole.NONE,
              null,
              false),
          namespaced(
              "networking.gke.io",
              "v1",
              Kinds.GCP_SESSION_AFFINITY_FILTER,
              "gcpsessionaffinityfilters",
              KindRole.NONE,
              null,
              false),
          // Contour's own routes: each route's (and the TCP proxy's) load-balancing strategy.
          namespaced(
              "projectcontour.io",
              "v1",
              Kinds.HTTP_PROXY,
              "httpproxies",
              KindRole.NONE,
              null,
              false),
          // kgateway's backend settings: ring-hash and maglev hash policies.
          namespaced(
              "gateway.kgateway.dev",
              "v1alpha1",
              Kinds.BACKEND_CONFIG_POLICY,
              "backendconfigpolicies",
              KindRole.NONE,
              null,
              false),
          // NGINX Gateway Fabric's upstream settings: the load-balancing method of a Service.
          namespaced(
              "gateway.nginx.org",
              "v1alpha1",
              Kinds.UPSTREAM_SETTINGS_POLICY,
              "upstreamsettingspolicies",
              KindRole.NONE,
              null,
              false),
          // The AWS Load Balancer Controller's listener rules: a forward's target group stickiness.
          namespaced(
              "gateway.k8s.aws",
              "v1",
              Kinds.LISTENER_RULE_CONFIGURATION,
              "listenerruleconfigurations",
              KindRole.NONE,
              null,
              false),
          // what scales an Ingress's backends (ingress-nginx balanced affinity).
          unattached(
              "autoscaling",
              "v2",
              Kinds.HORIZONTAL_POD_AUTOSCALER,
              "horizontalpodautoscalers",
              true,
              KindRole.HORIZONTAL_POD_AUTOSCALER,
              false),
          // the balancer GKE gives a Service, which hashing affinities need.
          unattached(
              "networking.gke.io",
              "v1",
              Kinds.GCP_TRAFFIC_DISTRIBUTION_POLICY,
              "gcptrafficdistributionpolicies",
              true,
              KindRole.SERVICE_POLICY,
              false),
          // the target groups the AWS Load Balancer Controller makes for a Gateway's
          // Services (its defaults come from TargetGroupConfigurations not in a review).
          unattached(
              "gateway.k8s.aws",
              "v1",
              Kinds.TARGET_GROUP_CONFIGURATION,
              "targetgroupconfigurations",
              true,
              KindRole.SERVICE_POLICY,
              false),
          // the session affinity GKE's Ingress gives a Service that names it.
          unattached(
              "cloud.google.com",
              "v1",
              Kinds.BACKEND_CONFIG,
              "backendconfigs",
              true,
              KindRole.SERVICE_CONFIG,
              true),
          // what an ALB IngressClass's parameters set for all its Ingresses.
          unattached(
              "elbv2.k8s.aws",
              "v1beta1",
              Kinds.INGRESS_CLASS_PARAMS,
              "ingressclassparams",
              false,
              KindRole.INGRESS_CLASS_PARAMS,
              true),
          // which other namespaces' routes may refer to a namespace's backends.
          unattached(
              GATEWAY_GROUP,
              "v1beta1",
              Kinds.REFERENCE_GRANT,
              "referencegrants",
              true,
              KindRole.REFERENCE_GRANT,
              false),
          unattached("apps", "v1", Kinds.DEPLOYMENT, "deployments", true, KindRole.WORKLOAD, false),
          unattached(
              "apps", "v1", Kinds.STATEFUL_SET, "statefulsets", true, KindRole.WORKLOAD, false),
          // which controller serves an Ingress's class (ingress-nginx or F5's).
          unattached(
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

  private static Kind namespaced(
      String group,
      String version,
      String kind,
      String plural,
      KindRole role,
      AttachmentPoint attachment,
      boolean referenceTarget) {
    return new Kind(group, version, kind, plural, true, role, attachment, referenceTarget);
  }

  private static Kind unattached(
      String group,
      String version,
      String kind,
      String plural,
      boolean namespaced,
      KindRole role,
      boolean referenceTarget) {
    return new Kind(group, version, kind, plural, namespaced, role, null, referenceTarget);
  }

  /** Every kind spl reads. */
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
}
