package dev.spl.model;

/**
 * The kinds spl reads, by name: the only place a kind is written as a string ({@link KindCatalogue}
 * describes each; {@code KindLiteralsTest} bans the literals elsewhere).
 */
public final class Kinds {
  private Kinds() {}

  public static final String BACKEND = "Backend";
  public static final String BACKEND_CONFIG = "BackendConfig";
  public static final String BACKEND_CONFIG_POLICY = "BackendConfigPolicy";
  public static final String BACKEND_LB_POLICY = "BackendLBPolicy";
  public static final String BACKEND_TRAFFIC_POLICY = "BackendTrafficPolicy";
  public static final String DEPLOYMENT = "Deployment";
  public static final String DESTINATION_RULE = "DestinationRule";
  public static final String GCP_BACKEND_POLICY = "GCPBackendPolicy";
  public static final String GCP_SESSION_AFFINITY_FILTER = "GCPSessionAffinityFilter";
  public static final String GCP_SESSION_AFFINITY_POLICY = "GCPSessionAffinityPolicy";
  public static final String GCP_TRAFFIC_DISTRIBUTION_POLICY = "GCPTrafficDistributionPolicy";
  public static final String GRPC_ROUTE = "GRPCRoute";
  public static final String GATEWAY = "Gateway";
  public static final String GATEWAY_CLASS = "GatewayClass";
  public static final String HTTP_PROXY = "HTTPProxy";
  public static final String HTTP_ROUTE = "HTTPRoute";
  public static final String HORIZONTAL_POD_AUTOSCALER = "HorizontalPodAutoscaler";
  public static final String INGRESS = "Ingress";
  public static final String INGRESS_CLASS = "IngressClass";
  public static final String INGRESS_CLASS_PARAMS = "IngressClassParams";
  public static final String INGRESS_ROUTE = "IngressRoute";
  public static final String LISTENER_RULE_CONFIGURATION = "ListenerRuleConfiguration";
  public static final String REFERENCE_GRANT = "ReferenceGrant";
  public static final String KONG_UPSTREAM_POLICY = "KongUpstreamPolicy";
  public static final String SERVICE = "Service";
  public static final String STATEFUL_SET = "StatefulSet";
  public static final String TARGET_GROUP_CONFIGURATION = "TargetGroupConfiguration";
  public static final String TRAEFIK_MIDDLEWARE = "Middleware";
  public static final String TRAEFIK_SERVICE = "TraefikService";
  public static final String UPSTREAM_SETTINGS_POLICY = "UpstreamSettingsPolicy";
  public static final String VIRTUAL_SERVER = "VirtualServer";
  public static final String VIRTUAL_SERVER_ROUTE = "VirtualServerRoute";
  public static final String X_BACKEND = "XBackend";
  public static final String X_BACKEND_TRAFFIC_POLICY = "XBackendTrafficPolicy";
}
