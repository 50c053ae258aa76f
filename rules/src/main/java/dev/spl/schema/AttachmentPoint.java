package dev.spl.schema;

/** Where a sessionPersistence object is attached. */
public enum AttachmentPoint {
  /** Inline on an HTTPRoute or GRPCRoute rule (deprecated in main). */
  ROUTE_RULE,
  /** On a BackendLBPolicy or XBackendTrafficPolicy (deprecated in main). */
  POLICY,
  /** On a Backend's endpointSelector (main). */
  BACKEND
}
