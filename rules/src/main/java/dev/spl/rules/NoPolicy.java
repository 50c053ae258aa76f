package dev.spl.rules;

/**
 * Why a rule has no ValidatingAdmissionPolicy, for {@link RuleDefinition#noPolicyBecause}: data,
 * not prose, since it decides where the rule is enforced ({@code spl rules}, the docs and the
 * webhook read it). A rule's own detail goes in {@link RuleDefinition#noPolicyDetail}.
 */
public enum NoPolicy {
  /** The rule has a policy (the default: a meta-test holds it to {@code ApiServerPolicies}). */
  NONE(""),

  /** A cross-resource rule: one object is not enough. */
  OTHER_OBJECTS("needs other objects (routes, Services, policies, Gateways)"),

  /** The CRD's OpenAPI schema already refuses the object or prunes the field. */
  CRD_SCHEMA("the CRD's schema already rejects it or prunes the field; spl repeats it for CI"),

  /** The CRD's own x-kubernetes-validations say it. */
  CRD_CEL("the CRD's own CEL validation already enforces it"),

  /** A built-in type's own validation in the API server (a Service's fields). */
  BUILT_IN_VALIDATION("the API server's own validation of the type already enforces it"),

  /** Judged by a port of ingress-nginx's annotation parser. */
  INGRESS_NGINX_PARSER(
      "which Ingresses are ingress-nginx's, and what its parser keeps, are decided in Java;"
          + " no CEL form is generated yet"),

  /** JSON written inside an annotation's string, which a policy's CEL cannot parse. */
  JSON_ANNOTATION(
      "the setting is JSON inside an annotation, which CEL in a ValidatingAdmissionPolicy cannot"
          + " parse"),

  /** What the rule parses is written in Java only (its detail says what). */
  NOT_IN_CEL_YET("no CEL form is generated yet"),

  /** What the rule computes costs more CEL than a policy may spend. */
  TOO_COSTLY_FOR_CEL("no CEL a policy can afford"),

  /** The API server's defaulting drops the field before any admission step sees it. */
  DROPPED_BEFORE_ADMISSION(
      "the API server's defaulting drops it before admission: no policy or webhook sees it"),

  /** An info about a value the API server accepts: there is nothing to refuse. */
  NOTHING_TO_REFUSE("an info about a value the API server accepts; nothing to refuse"),

  /** About a file before it is objects. */
  FILE("about the file, not an object"),

  /** About a chart, before it is objects. */
  CHART("about a chart, before it is objects"),

  /** About a kustomize build's renames, before it is applied. */
  BUILD("about a kustomize build's renames, before it is applied");

  private final String text;

  NoPolicy(String text) {
    this.text = text;
  }

  /** The reason as {@code spl rules} and the docs print it. */
  public String text() {
    return text;
  }

  /**
   * True for the reasons that mean the API server validates the object itself: its registry runs a
   * type's validation (a CRD's schema and CEL rules, a built-in type's checks) before it calls any
   * validating admission webhook (k8s.io/apiserver registry/generic/registry/store.go: BeforeCreate
   * and BeforeUpdate, then the admission validators), so a webhook never sees an object these rules
   * would refuse, except an update whose unchanged fields the API server let through (CRD
   * validation ratcheting, on by default since Kubernetes 1.30).
   */
  public boolean validatedBeforeAdmission() {
    return this == CRD_SCHEMA || this == CRD_CEL || this == BUILT_IN_VALIDATION;
  }
}
