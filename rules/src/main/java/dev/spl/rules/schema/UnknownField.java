package dev.spl.rules.schema;

import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;
import java.util.Map;

/**
 * SPL026: a field the target version does not have. When the field belongs to another version's
 * shape, the message names that version.
 */
public final class UnknownField implements SessionPersistenceRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL026",
          "unknown-field",
          Severity.ERROR,
          "A field the target Gateway API version does not have.",
          "The API server silently drops (prunes) unknown fields, or rejects them under kubectl's"
              + " strict field validation. Either way the setting does nothing. The session"
              + " persistence schema changed between releases: sessionName and cookieConfig (v1.1-v1.6)"
              + " became cookie and header in the latest API, idleTimeout went away in v1.6, and the"
              + " Backend attachment exists only in latest.",
          "Lint with --gateway-api-version set to the release your cluster runs (the message names"
              + " the one the object looks written for), or rename the field for the target version:"
              + " sessionName becomes cookie.name or header.name, cookieConfig becomes cookie.",
          "Gateway API CRDs per release; Kubernetes structural schema pruning");

  /** The version each field of another shape belongs to, newest that has it. */
  private static final Map<String, GatewayApiVersion> WRITTEN_FOR =
      Map.of(
          "sessionName", GatewayApiVersion.V1_6,
          "cookieConfig", GatewayApiVersion.V1_6,
          "cookieConfig.lifetimeType", GatewayApiVersion.V1_6,
          "idleTimeout", GatewayApiVersion.V1_5,
          "cookie", GatewayApiVersion.LATEST,
          "header", GatewayApiVersion.LATEST);

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.UNKNOWN_FIELD) {
        reporter.report(INFO, site.resource(), v.path(), message(v, site.version()));
      }
    }
  }

  private static String message(SchemaViolation v, GatewayApiVersion target) {
    if (v.detail().equals("backend")) {
      return "Backend sessionPersistence exists only in latest, not "
          + target
          + "; the API server drops it";
    }
    GatewayApiVersion writtenFor = WRITTEN_FOR.get(v.field());
    if (writtenFor == null) {
      return v.field()
          + " is not a sessionPersistence field in "
          + target
          + "; the API server drops it";
    }
    return v.field()
        + " does not exist in "
        + target
        + " and is dropped; written for "
        + writtenFor
        + "? Lint with --gateway-api-version "
        + writtenFor;
  }
}
