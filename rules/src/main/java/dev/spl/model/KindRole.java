package dev.spl.model;

/**
 * What a kind is to spl's code: the role the cross-resource rules and the index see it in. Each
 * catalogued kind has one ({@link KindCatalogue}); a resource's role is resolved once, when it is
 * loaded ({@link Resource#role()}).
 */
public enum KindRole {
  /** HTTPRoute, GRPCRoute: rules with inline persistence and backendRefs. */
  ROUTE,
  /** BackendLBPolicy, XBackendTrafficPolicy: persistence attached to targetRefs. */
  POLICY,
  /** GEP-1619's Backend (XBackend): persistence on its endpointSelector. */
  BACKEND,
  SERVICE,
  GATEWAY,
  GATEWAY_CLASS,
  /** networking.k8s.io Ingress. */
  INGRESS,
  HORIZONTAL_POD_AUTOSCALER,
  /** Deployment, StatefulSet: what an autoscaler scales and a Service selects. */
  WORKLOAD,
  /**
   * networking.k8s.io IngressClass: which controller serves a class. The webhook watches it and
   * gives the rules its controllers; the index does not keep it.
   */
  INGRESS_CLASS,
  /**
   * An implementation's own policy that names Services by targetRef(s) and carries no GEP-1619
   * persistence: GKE's GCPBackendPolicy (the affinity) and GCPTrafficDistributionPolicy (the
   * balancer that affinity needs), the AWS Load Balancer Controller's TargetGroupConfiguration (its
   * targetReference), and Istio's DestinationRule (the Service its host names). Rules walk them
   * whole and match them by the Service they name.
   */
  SERVICE_POLICY,
  /**
   * An object a Service names in an annotation to configure the load balancer in front of it: GKE's
   * BackendConfig, named by {@code cloud.google.com/backend-config}.
   */
  SERVICE_CONFIG,
  /**
   * An object an IngressClass names in {@code spec.parameters} to configure every Ingress of its
   * class: the AWS Load Balancer Controller's IngressClassParams (its {@code targetType} wins over
   * the Ingresses' annotations).
   */
  INGRESS_CLASS_PARAMS,
  /**
   * Gateway API's ReferenceGrant: a route's reference to another namespace's Service or Backend
   * takes effect only when a grant in that namespace permits it (GEP-709).
   */
  REFERENCE_GRANT,
  /**
   * Read by single-object rules only (Traefik's IngressRoute), or a kind spl does not catalogue.
   */
  NONE;

  /**
   * True for the roles read for every rule's context rather than given to a rule as objects: an
   * IngressClass says which controller serves an Ingress ({@code RuleContext.ingressClasses}). A
   * rule that declares one is not reviewing it.
   */
  public boolean context() {
    return this == INGRESS_CLASS;
  }

  /** True for the roles rules walk through whole rather than look up by a reference. */
  public boolean walkedWhole() {
    return this == INGRESS
        || this == HORIZONTAL_POD_AUTOSCALER
        || this == WORKLOAD
        || this == SERVICE_POLICY
        || this == REFERENCE_GRANT;
  }
}
