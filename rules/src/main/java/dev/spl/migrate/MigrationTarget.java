package dev.spl.migrate;

import dev.spl.index.ControllerVersions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The implementation a migration writes for, and what carries cookie affinity there: route
 * sessionPersistence where it honours GEP-1619, its own object where it does not (the table in
 * ../shared/implementations.md section 0.5; SPL141 reports the routes whose controller ignores it).
 */
public enum MigrationTarget {
  GATEWAY_API("gateway-api", "Gateway API", null, Carrier.ROUTE, null),
  ENVOY_GATEWAY(
      "envoy-gateway",
      "Envoy Gateway",
      "gateway.envoyproxy.io/gatewayclass-controller",
      Carrier.ROUTE,
      "honours HTTPRoute sessionPersistence, Cookie and Header, and GRPCRoute's from v1.10"
          + " (envoyproxy/gateway#9060); from v1.10 every session cookie has Path=/"
          + " (envoyproxy/gateway#9950)"),
  KGATEWAY(
      "kgateway",
      "kgateway",
      "kgateway.dev/kgateway",
      Carrier.ROUTE,
      "honours HTTPRoute sessionPersistence from the release with kgateway#11618 (2025-07)"),
  CILIUM(
      "cilium",
      "Cilium",
      "io.cilium/gateway-controller",
      Carrier.ROUTE,
      "honours sessionPersistence of type Cookie from the release with cilium/cilium#48029"
          + " (merged 2026-08-17); an older Cilium ignores it"),
  NGINX_GATEWAY_FABRIC(
      "nginx-gateway-fabric",
      "NGINX Gateway Fabric",
      "gateway.nginx.org/",
      Carrier.ROUTE,
      "honours sessionPersistence (Cookie only) only with NGINX Plus and"
          + " --gateway-api-experimental-features; with NGINX OSS nothing is pinned"),
  ISTIO(
      "istio",
      "Istio",
      "istio.io/gateway-controller",
      Carrier.ISTIO_DESTINATION_RULE,
      "ignores HTTPRoute sessionPersistence: a DestinationRule hashes on the cookie instead"),
  TRAEFIK(
      "traefik",
      "Traefik",
      "traefik.io/gateway-controller",
      Carrier.TRAEFIK_SERVICE,
      "ignores HTTPRoute sessionPersistence: the rule's backendRef names a TraefikService with a"
          + " sticky cookie instead (Traefik resolves it when its kubernetesCRD provider runs beside"
          + " kubernetesGateway)"),
  AWS(
      "aws",
      "AWS Load Balancer Controller",
      "gateway.k8s.aws/alb",
      Carrier.AWS_TARGET_GROUP,
      "ignores HTTPRoute sessionPersistence (its docs: use ListenerRuleConfiguration, which"
          + " pins a client to a target group, not a pod): a TargetGroupConfiguration turns on the"
          + " target group's own cookie and registers pods (targetType ip)"),
  GKE(
      "gke",
      "GKE Gateway",
      "networking.gke.io/gateway",
      Carrier.GKE_BACKEND_POLICY,
      "ignores HTTPRoute sessionPersistence: a GCPBackendPolicy asks the load balancer for its"
          + " own cookie instead"),
  TRAEFIK_INGRESS_NGINX(
      "traefik-ingress-nginx",
      "Traefik's ingress-nginx provider",
      null,
      Carrier.INGRESS,
      "serves the Ingresses as they are, reading ingress-nginx's annotations with the differences"
          + " above (traefik translator.go buildSticky, v3.7); lint them with controllers:"
          + " {traefik-ingress-nginx: v3.7} in .spl.yaml (SPL505), and have the provider claim"
          + " their class"),
  F5_NGINX(
      "f5-nginx",
      "F5 NGINX Ingress Controller",
      null,
      Carrier.INGRESS,
      "reads nginx.org/sticky-cookie-services from v5.4.0 with NGINX or NGINX Plus"
          + " (nginx/kubernetes-ingress#9316); before v5.4 only NGINX Plus pins, and only with"
          + " nginx.com/sticky-cookie-services. Point ingressClassName at its IngressClass"
          + " (controller nginx.org/ingress-controller)"),
  AGENTGATEWAY(
      "agentgateway",
      "agentgateway",
      "agentgateway.dev/agentgateway",
      Carrier.NONE,
      "cannot pin clients: its controller reads no sessionPersistence (agentgateway 75b4e6c) and"
          + " its Kubernetes API has no sticky cookie, so the routes are written without it"),
  HAPROXY_INGRESS(
      "haproxy-ingress",
      "HAProxy Ingress",
      null,
      Carrier.INGRESS,
      "(jcmoraisjr/haproxy-ingress) reads haproxy-ingress.github.io/ annotations; point"
          + " ingressClassName at its IngressClass (controller haproxy-ingress.github.io/controller)"),
  HAPROXY(
      "haproxy",
      "HAProxy Kubernetes Ingress Controller",
      null,
      Carrier.INGRESS,
      "(haproxytech/kubernetes-ingress) reads haproxy.org/cookie-persistence from each backend"
          + " Service (since 2026-06-15 never from the Ingress); point ingressClassName at its"
          + " IngressClass (controller haproxy.org/ingress-controller)");

  /** The controller of F5's IngressClass: an input holding one is migrated to F5's controller. */
  static final String F5_INGRESS_CONTROLLER = "nginx.org/ingress-controller";

  /** IngressClass controllers whose classes keep their Ingresses, and the target they are. */
  static final java.util.Map<String, MigrationTarget> INGRESS_CONTROLLERS =
      java.util.Map.of(
          F5_INGRESS_CONTROLLER,
          F5_NGINX,
          "haproxy-ingress.github.io/controller",
          HAPROXY_INGRESS,
          "haproxy.org/ingress-controller",
          HAPROXY);

  /** Where the target keeps cookie affinity. */
  public enum Carrier {
    /** GEP-1619 sessionPersistence on the route rule. */
    ROUTE,
    /** DestinationRule consistentHash.httpCookie, per Service port. */
    ISTIO_DESTINATION_RULE,
    /** GCPBackendPolicy sessionAffinity GENERATED_COOKIE, per Service. */
    GKE_BACKEND_POLICY,
    /** A TraefikService with a sticky cookie per Service port, which the route rule names. */
    TRAEFIK_SERVICE,
    /** TargetGroupConfiguration stickiness (lb_cookie) with targetType ip, per Service. */
    AWS_TARGET_GROUP,
    /** The Ingresses themselves, served by a controller that reads their annotations. */
    INGRESS,
    /** Nowhere: the target cannot pin clients, and the routes are written without persistence. */
    NONE;

    /** Whether the route rules change: they carry persistence or name the carrier. */
    public boolean editsRoutes() {
      return this == ROUTE || this == TRAEFIK_SERVICE;
    }
  }

  private final String id;
  private final String product;
  private final String controller;
  private final Carrier carrier;
  private final String note;

  MigrationTarget(String id, String product, String controller, Carrier carrier, String note) {
    this.id = id;
    this.product = product;
    this.controller = controller;
    this.carrier = carrier;
    this.note = note;
  }

  /**
   * The target whose GatewayClass controllerName this is (a name ending in "/" is a domain: NGF
   * takes any controller name of gateway.nginx.org, cmd/gateway/commands.go).
   */
  public static Optional<MigrationTarget> servingController(String controllerName) {
    if (controllerName == null) {
      return Optional.empty();
    }
    return Arrays.stream(values())
        .filter(
            t ->
                t.controller != null
                    && (t.controller.endsWith("/")
                        ? controllerName.startsWith(t.controller)
                        : controllerName.equals(t.controller)))
        .findFirst();
  }

  /**
   * True when the target sets every route rule's session cookie on Path=/ (kgateway, Envoy Gateway
   * from v1.10, the newest release assumed): rules of one host must then not share a name, whatever
   * their paths (SPL135).
   */
  public boolean cookiesOnRoot() {
    return dev.spl.rules.cross.CookiePaths.scope(controller, ControllerVersions.NONE).scoping()
        == dev.spl.rules.cross.CookiePaths.Scoping.ROOT;
  }

  /** How users name it on the command line. */
  public String id() {
    return id;
  }

  public String product() {
    return product;
  }

  public Carrier carrier() {
    return carrier;
  }

  /** What users of this target should know about the carried affinity; null for none. */
  public String note() {
    return note;
  }

  public static Optional<MigrationTarget> byId(String id) {
    return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst();
  }

  public static List<String> ids() {
    return Arrays.stream(values()).map(MigrationTarget::id).toList();
  }
}
