package dev.spl.schema;

/** Where a sessionPersistence object is attached. */
public enum AttachmentPoint {
  /** Inline on an HTTPRoute or GRPCRoute rule (deprecated in latest). */
  ROUTE_RULE,
  /** On a BackendLBPolicy or XBackendTrafficPolicy (deprecated in latest). */
  POLICY,
  /** On a Backend's endpointSelector (latest). */
  BACKEND
}
