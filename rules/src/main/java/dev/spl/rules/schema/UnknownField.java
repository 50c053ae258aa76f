package dev.spl.rules.schema;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SPL026: a field the target version does not have. When the field belongs to another version's
 * shape, the message names that version.
 */
@RuleDefinition(
    id = "SPL026",
    name = "unknown-field",
    severity = Severity.ERROR,
    summary = "A field the target Gateway API version does not have.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class UnknownField implements SessionPersistenceRule {
  /** The version each field of another shape belongs to, newest that has it. */
  private static final Map<String, GatewayApiVersion> WRITTEN_FOR =
      Map.of(
          "sessionName", GatewayApiVersion.V1_6,
          "cookieConfig", GatewayApiVersion.V1_6,
          "cookieConfig.lifetimeType", GatewayApiVersion.V1_6,
          "idleTimeout", GatewayApiVersion.V1_5,
          "cookie", GatewayApiVersion.MAIN,
          "header", GatewayApiVersion.MAIN);

  @Override
  public boolean checksForeignShapes() {
    return true;
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    Optional<GatewayApiVersion> writtenFor = site.writtenFor();
    if (writtenFor.isPresent()) {
      reporter.report(info(), site.resource(), site.path(), foreignShape(site, writtenFor.get()));
      return;
    }
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.UNKNOWN_FIELD) {
        reporter.report(info(), site.resource(), v.path(), message(v, site));
      }
    }
  }

  private static String foreignShape(SessionPersistenceSite site, GatewayApiVersion writtenFor) {
    List<String> fields = new ArrayList<>();
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.UNKNOWN_FIELD && !v.field().contains(".")) {
        fields.add(v.field());
      }
    }
    if (site.attachment() == AttachmentPoint.BACKEND) {
      // Only main has a Backend: naming the version of the shape would point nowhere.
      return "v1.x's route shape ("
          + String.join(", ", fields)
          + ") on a Backend, which exists only in main: write cookie or header there";
    }
    return "written for "
        + writtenFor
        + " ("
        + String.join(", ", fields)
        + "), linted as "
        + site.version()
        + "; set gatewayApiVersion: "
        + writtenFor
        + " in .spl.yaml";
  }

  private static String message(SchemaViolation v, SessionPersistenceSite site) {
    GatewayApiVersion target = site.version();
    if (v.detail().equals("backend")) {
      return "Backend sessionPersistence exists only in main, not "
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
