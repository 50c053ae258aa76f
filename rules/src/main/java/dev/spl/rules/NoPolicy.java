package dev.spl.rules;

/**
 * The reasons shared by several rules for having no ValidatingAdmissionPolicy, for {@link
 * RuleDefinition#noPolicyBecause}: {@code spl rules} and the docs print them.
 */
public final class NoPolicy {
  /** A cross-resource rule: one object is not enough. */
  public static final String OTHER_OBJECTS =
      "needs other objects (routes, Services, policies, Gateways)";

  /** The CRD's OpenAPI schema already refuses the object or prunes the field. */
  public static final String CRD_SCHEMA =
      "the CRD's schema already rejects it or prunes the field; spl repeats it for CI";

  /** The CRD's own x-kubernetes-validations say it. */
  public static final String CRD_CEL = "the CRD's own CEL validation already enforces it";

  /** A built-in type's own validation in the API server (a Service's fields). */
  public static final String BUILT_IN_VALIDATION =
      "the API server's own validation of the type already enforces it";

  /**
   * True for the reasons that mean the API server validates the object itself: its registry runs a
   * type's validation (a CRD's schema and CEL rules, a built-in type's checks) before it calls any
   * validating admission webhook (k8s.io/apiserver registry/generic/registry/store.go: BeforeCreate
   * and BeforeUpdate, then the admission validators), so a webhook never sees an object these rules
   * would refuse, except an update whose unchanged fields the API server let through (CRD
   * validation ratcheting, on by default since Kubernetes 1.30).
   */
  public static boolean validatedBeforeAdmission(String reason) {
    return reason.equals(CRD_SCHEMA)
        || reason.equals(CRD_CEL)
        || reason.equals(BUILT_IN_VALIDATION);
  }

  /** Judged by a port of ingress-nginx's annotation parser. */
  public static final String INGRESS_NGINX_PARSER =
      "which Ingresses are ingress-nginx's, and what its parser keeps, are decided in Java;"
          + " no CEL form is generated yet";

  /** JSON written inside an annotation's string, which a policy's CEL cannot parse. */
  public static final String JSON_ANNOTATION =
      "the setting is JSON inside an annotation, which CEL in a ValidatingAdmissionPolicy cannot"
          + " parse";

  /** About a file before it is objects. */
  public static final String FILE = "about the file, not an object";

  private NoPolicy() {}
}
