package dev.spl.model;

/**
 * Where a sessionPersistence object is attached, and so where it is written: at {@link #field()}
 * below the object, or below each item of {@link #list()} when there is one.
 */
public enum AttachmentPoint {
  /** Inline on an HTTPRoute or GRPCRoute rule (deprecated by the gep-1619-backend proposal). */
  ROUTE_RULE(FieldPath.of("spec", "rules"), FieldPath.of("sessionPersistence")),
  /**
   * On a BackendLBPolicy or XBackendTrafficPolicy (deprecated by the gep-1619-backend proposal).
   */
  POLICY(null, FieldPath.of("spec", "sessionPersistence")),
  /** On a Backend's endpointSelector (the gep-1619-backend proposal only). */
  BACKEND(null, FieldPath.of("spec", "endpointSelector", "sessionPersistence"));

  private final FieldPath list;
  private final FieldPath field;

  AttachmentPoint(FieldPath list, FieldPath field) {
    this.list = list;
    this.field = field;
  }

  /** The list whose items each carry one, or null when the object carries one itself. */
  public FieldPath list() {
    return list;
  }

  /** The field: below each item of {@link #list()}, or below the object. */
  public FieldPath field() {
    return field;
  }
}
