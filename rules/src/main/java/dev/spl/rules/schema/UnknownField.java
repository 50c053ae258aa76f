package dev.spl.rules.schema;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.Fix;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import dev.spl.model.Suggestions;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
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
    noPolicyBecause = NoPolicy.CRD_SCHEMA,
    fixable = true)
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

  public static final MessageTemplate UNKNOWN =
      MessageTemplate.of(
          "{field} is not a sessionPersistence field in {version}; the API server drops it"
              + "{suggestion}");

  public static final MessageTemplate OTHER_VERSION =
      MessageTemplate.of(
          "{field} does not exist in {version} and is dropped; written for {writtenFor}? Lint with"
              + " --gateway-api-version {writtenFor}");

  public static final MessageTemplate ONLY_PROPOSED =
      MessageTemplate.of(
          "Backend sessionPersistence is only proposed (gep-1619-backend), not in {version}'s"
              + " CRDs; {consequence}");

  public static final MessageTemplate FOREIGN_SHAPE =
      MessageTemplate.of(
          "written for {version} ({fields}), linted as {linted}; set gatewayApiVersion: {version}"
              + " in .spl.yaml");

  public static final MessageTemplate FOREIGN_SHAPE_UNDER_CRDS =
      MessageTemplate.of(
          "written for {version} ({fields}), but the CRDs in sight are {linted}'s and drop them:"
              + " write {linted}'s shape");

  public static final MessageTemplate ROUTE_SHAPE_ON_BACKEND =
      MessageTemplate.of(
          "v1.x's route shape ({fields}) on a Backend (gep-1619-backend only): write cookie or"
              + " header there");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    check(site, false, reporter);
  }

  /**
   * With the CRDs of the object's kind in sight, the linted version is theirs, so the advice to
   * lint for the version the object was written for would hide what their API server drops: it says
   * to write their shape, and the fix that does is certain.
   */
  @Override
  public void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
    check(site, context.crdOf(site.resource()).isPresent(), reporter);
  }

  private void check(SessionPersistenceSite site, boolean crdsDecide, Reporter reporter) {
    Optional<GatewayApiVersion> writtenFor = site.writtenFor();
    if (writtenFor.isPresent()) {
      Fix fix = shapeFix(site, writtenFor.get());
      boolean underCrds = crdsDecide && site.attachment() != AttachmentPoint.BACKEND;
      reporter.report(
          info(),
          site.resource(),
          site.path(),
          underCrds
              ? FOREIGN_SHAPE_UNDER_CRDS.format(
                  "version",
                  writtenFor.get(),
                  "fields",
                  String.join(", ", foreignFields(site)),
                  "linted",
                  site.version())
              : foreignShape(site, writtenFor.get()),
          underCrds && fix != null ? fix.certain() : fix);
      return;
    }
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.UNKNOWN_FIELD) {
        reporter.report(info(), site.resource(), v.path(), message(v, site));
      }
    }
  }

  /** The top-level fields of {@code site} its version does not have. */
  private static List<String> foreignFields(SessionPersistenceSite site) {
    List<String> fields = new ArrayList<>();
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.UNKNOWN_FIELD && !v.field().contains(".")) {
        fields.add(v.field());
      }
    }
    return fields;
  }

  private static String foreignShape(SessionPersistenceSite site, GatewayApiVersion writtenFor) {
    List<String> fields = foreignFields(site);
    if (site.attachment() == AttachmentPoint.BACKEND) {
      // Only the proposal has a Backend attachment: naming the shape's version would point nowhere.
      return ROUTE_SHAPE_ON_BACKEND.format("fields", String.join(", ", fields));
    }
    return FOREIGN_SHAPE.format(
        "version", writtenFor, "fields", String.join(", ", fields), "linted", site.version());
  }

  /**
   * The object written again in the target version's shape. On a Backend, which only the proposal
   * has, main's shape is the only reading; elsewhere the fix holds only when the version was named
   * (the other reading is that the lint's version is wrong).
   */
  private static Fix shapeFix(SessionPersistenceSite site, GatewayApiVersion writtenFor) {
    if (site.attachment() == AttachmentPoint.BACKEND) {
      return mainShape(site);
    }
    Fix fix =
        !site.version().usesSessionNameShape()
            ? mainShape(site)
            : writtenFor == GatewayApiVersion.MAIN ? sessionNameShape(site) : null;
    return fix == null ? null : fix.onlyIfVersionNamed();
  }

  /**
   * main's shape written again in v1.x's: cookie's name or header's name becomes sessionName, in
   * its place, cookie's lifetimeType cookieConfig's; type and absoluteTimeout stay. Null when
   * anything else is there (cookie.path, which v1.x has not; both cookie and header).
   */
  static Fix sessionNameShape(SessionPersistenceSite site) {
    if (!(site.node() instanceof MapNode map)
        || map.position() == null
        || !map.position().inText()
        || (map.get("cookie") != null && map.get("header") != null)) {
      return null;
    }
    List<Fix.Entry> entries = new ArrayList<>();
    for (MapNode.Entry e : map.entries()) {
      switch (e.key()) {
        case "type", "absoluteTimeout" -> {
          if (!copiedAsIs(e, entries)) {
            return null;
          }
        }
        case "cookie", "header" -> {
          if (!(e.value() instanceof MapNode inner)) {
            return null;
          }
          for (MapNode.Entry c : inner.entries()) {
            if (!(c.value() instanceof ScalarNode)) {
              return null;
            }
            if (c.key().equals("name")) {
              entries.add(Fix.Entry.copied("sessionName", c.value().position()));
            } else if (c.key().equals("lifetimeType") && e.key().equals("cookie")) {
              entries.add(
                  Fix.Entry.mapping(
                      "cookieConfig",
                      List.of(Fix.Entry.copied("lifetimeType", c.value().position()))));
            } else {
              return null;
            }
          }
        }
        default -> {
          return null;
        }
      }
    }
    boolean config = entries.stream().anyMatch(e -> e.key().equals("cookieConfig"));
    boolean name = entries.stream().anyMatch(e -> e.key().equals("sessionName"));
    if (!config && !name) {
      return null; // nothing of the shape to write: an empty cookie is v1.x's default
    }
    return new Fix(
        "write "
            + site.version()
            + "'s shape: "
            + (name && config
                ? "sessionName, cookieConfig"
                : name ? "sessionName" : "cookieConfig"),
        List.of(),
        List.of(new Fix.MappingEdit(map.position(), entries)));
  }

  /**
   * v1.x's shape written again in main's: sessionName and cookieConfig's lifetimeType become the
   * name and lifetimeType of cookie (of header, for type Header), in the place of the first of
   * them; type and absoluteTimeout stay. Null when anything else is there (idleTimeout, which main
   * has not; a cookieConfig field main's cookie has not; cookieConfig on a Header type).
   */
  static Fix mainShape(SessionPersistenceSite site) {
    if (!(site.node() instanceof MapNode map)) {
      return null;
    }
    boolean header = "Header".equals(map.string("type"));
    List<Fix.Entry> entries = new ArrayList<>();
    Fix.Entry name = null;
    Fix.Entry lifetime = null;
    int at = -1;
    for (MapNode.Entry e : map.entries()) {
      switch (e.key()) {
        case "type", "absoluteTimeout" -> {
          if (!copiedAsIs(e, entries)) {
            return null;
          }
        }
        case "sessionName" -> {
          if (!(e.value() instanceof ScalarNode)) {
            return null;
          }
          at = at < 0 ? entries.size() : at;
          name = Fix.Entry.copied("name", e.value().position());
        }
        case "cookieConfig" -> {
          if (header || !(e.value() instanceof MapNode config)) {
            return null;
          }
          for (MapNode.Entry c : config.entries()) {
            if (!c.key().equals("lifetimeType") || !(c.value() instanceof ScalarNode)) {
              return null;
            }
            lifetime = Fix.Entry.copied("lifetimeType", c.value().position());
          }
          at = at < 0 ? entries.size() : at;
        }
        default -> {
          return null;
        }
      }
    }
    List<Fix.Entry> moved = new ArrayList<>();
    if (name != null) {
      moved.add(name);
    }
    if (lifetime != null) {
      moved.add(lifetime);
    }
    SourcePosition position = map.position();
    if (moved.isEmpty() || position == null || !position.inText()) {
      return null;
    }
    String field = header ? "header" : "cookie";
    entries.add(at, Fix.Entry.mapping(field, moved));
    return new Fix(
        "write main's shape: "
            + String.join(", ", moved.stream().map(m -> field + "." + m.key()).toList()),
        List.of(),
        List.of(new Fix.MappingEdit(position, entries)));
  }

  /** Adds {@code e} to {@code entries} as written; false when its value is not a scalar. */
  private static boolean copiedAsIs(MapNode.Entry e, List<Fix.Entry> entries) {
    if (!(e.value() instanceof ScalarNode)) {
      return false;
    }
    entries.add(Fix.Entry.copied(e.key(), e.value().position()));
    return true;
  }

  /**
   * What the API server does with a Backend written for the proposal: v1.6 and main serve an
   * XBackend of type ExternalHostname only (it drops the unknown field there, refuses another
   * type), and no version serves the proposal's Backend kind, nor XBackend before v1.6.
   */
  private static String backendConsequence(Resource resource, GatewayApiVersion version) {
    if (!Kinds.X_BACKEND.equals(resource.kind()) || !version.servesExternalHostnameXBackend()) {
      return "no CRD there serves " + resource.kind() + ": the API server refuses it";
    }
    MapNode spec = resource.spec();
    String type = spec == null ? null : spec.string("type");
    return type == null || "ExternalHostname".equals(type)
        ? "the API server drops it"
        : "the API server refuses the object for its type";
  }

  private static String message(SchemaViolation v, SessionPersistenceSite site) {
    GatewayApiVersion target = site.version();
    if (v.detail().equals("backend")) {
      return ONLY_PROPOSED.format(
          "version", target, "consequence", backendConsequence(site.resource(), target));
    }
    GatewayApiVersion writtenFor = WRITTEN_FOR.get(v.field());
    if (writtenFor == null) {
      String written = v.field().substring(v.field().lastIndexOf('.') + 1);
      return UNKNOWN.format(
          "field",
          v.field(),
          "version",
          target,
          "suggestion",
          v.detail().isEmpty()
              ? ""
              : Suggestions.didYouMean(written, List.of(v.detail().split(", "))));
    }
    return OTHER_VERSION.format("field", v.field(), "version", target, "writtenFor", writtenFor);
  }
}
