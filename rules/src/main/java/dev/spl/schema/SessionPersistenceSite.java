package dev.spl.schema;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One sessionPersistence object in a resource, validated against the target version's schema. Rules
 * read its defaulted values from here rather than from the raw tree, as the API server's CEL does.
 */
public final class SessionPersistenceSite {
  private final Resource resource;
  private final FieldPath path;
  private final Node node;
  private final AttachmentPoint attachment;
  private final GatewayApiVersion version;
  private final List<SchemaViolation> violations;
  private final Map<String, Object> celInput;
  private final GatewayDuration absoluteTimeout;

  SessionPersistenceSite(
      Resource resource,
      FieldPath path,
      Node node,
      AttachmentPoint attachment,
      GatewayApiVersion version,
      List<SchemaViolation> violations,
      Map<String, Object> celInput) {
    this.resource = resource;
    this.path = path;
    this.node = node;
    this.attachment = attachment;
    this.version = version;
    this.violations = violations;
    this.celInput = celInput;
    this.absoluteTimeout = GatewayDuration.parse(stringAt("absoluteTimeout"));
  }

  /**
   * This site in {@code copy}, a copy of its resource that still holds the object at {@link
   * #path()} (what a lint keeps for the cross-resource rules).
   */
  public SessionPersistenceSite on(Resource copy) {
    return new SessionPersistenceSite(
        copy, path, copy.nodeAt(path), attachment, version, violations, celInput);
  }

  public Resource resource() {
    return resource;
  }

  /** Where the sessionPersistence object is, e.g. {@code spec.rules[0].sessionPersistence}. */
  public FieldPath path() {
    return path;
  }

  /** The path of a field inside the object, e.g. {@code field("cookie", "name")}. */
  public FieldPath field(String... keys) {
    FieldPath p = path;
    for (String k : keys) {
      p = p.key(k);
    }
    return p;
  }

  public Node node() {
    return node;
  }

  public AttachmentPoint attachment() {
    return attachment;
  }

  public GatewayApiVersion version() {
    return version;
  }

  public List<SchemaViolation> violations() {
    return violations;
  }

  /**
   * The pruned, defaulted object the API server's CEL rules see; null when the value is not an
   * object at all.
   */
  public Map<String, Object> celInput() {
    return celInput;
  }

  /**
   * The version whose shape this object is written in, when that is not the target version: it uses
   * fields only another version has (sessionName, cookieConfig, idleTimeout before main; cookie,
   * header on main) and none of the target's own. Empty when the shape fits the target, or is a mix
   * that the field-by-field rules should report.
   */
  public Optional<GatewayApiVersion> writtenFor() {
    if (!(node instanceof MapNode map)
        || (attachment == AttachmentPoint.BACKEND && !version.hasBackendAttachment())) {
      // A Backend before main is pruned whole, whatever its shape: SPL026 says so.
      return Optional.empty();
    }
    boolean oldShape =
        map.get("sessionName") != null
            || map.get("cookieConfig") != null
            || map.get("idleTimeout") != null;
    boolean mainShape = map.get("cookie") != null || map.get("header") != null;
    if (!version.usesSessionNameShape() && oldShape && !mainShape) {
      return Optional.of(
          map.get("idleTimeout") != null ? GatewayApiVersion.V1_5 : GatewayApiVersion.V1_6);
    }
    if (version.usesSessionNameShape() && mainShape && !oldShape) {
      return Optional.of(GatewayApiVersion.MAIN);
    }
    return Optional.empty();
  }

  /** True when a schema error of a kind that makes the API server skip CEL rules was found. */
  public boolean stopsCel() {
    return celInput == null || violations.stream().anyMatch(v -> v.kind().stopsCel());
  }

  /** The defaulted type: Cookie or Header (or whatever invalid value was written). */
  public String type() {
    return stringAt("type");
  }

  /** The defaulted lifetimeType, from cookie (main) or cookieConfig; null when neither is set. */
  public String lifetimeType() {
    return stringAt(version.usesSessionNameShape() ? "cookieConfig" : "cookie", "lifetimeType");
  }

  public boolean isPermanent() {
    return "Permanent".equals(lifetimeType());
  }

  /** The parsed absoluteTimeout, or null when unset or not a GEP-2257 duration. */
  public GatewayDuration absoluteTimeout() {
    return absoluteTimeout;
  }

  /** cookie.name (main) or sessionName (earlier) when the type is Cookie; else null. */
  public String cookieName() {
    if (!"Cookie".equals(type())) {
      return null;
    }
    return version.usesSessionNameShape() ? stringAt("sessionName") : stringAt("cookie", "name");
  }

  /** The defaulted cookie.path (main only); null when no cookie object is set. */
  public String cookiePath() {
    return stringAt("cookie", "path");
  }

  /**
   * The name of the session token: cookie.name or header.name (main), sessionName (earlier); null
   * when unset, in which case the implementation generates a unique one.
   */
  public String sessionName() {
    if (version.usesSessionNameShape()) {
      return stringAt("sessionName");
    }
    return "Header".equals(type()) ? stringAt("header", "name") : stringAt("cookie", "name");
  }

  /**
   * A key under which two sites collide: the type and the name, header names folded to lower case
   * (HTTP field names are case-insensitive, RFC 9110 §5.1); null when no name is set.
   */
  public String nameKey() {
    String name = sessionName();
    if (name == null || name.isEmpty()) {
      return null;
    }
    String type = type() == null ? "Cookie" : type();
    return type.equals("Header")
        ? "Header:" + name.toLowerCase(java.util.Locale.ROOT)
        : type + ":" + name;
  }

  /** The field that holds the session name, for pointing at it. */
  public FieldPath sessionNameField() {
    if (version.usesSessionNameShape()) {
      return field("sessionName");
    }
    return "Header".equals(type()) ? field("header", "name") : field("cookie", "name");
  }

  /** A value of the pruned, defaulted object, or null when absent or not a string. */
  public String stringAt(String... keys) {
    Object value = celInput;
    for (String k : keys) {
      if (!(value instanceof Map<?, ?> m)) {
        return null;
      }
      value = m.get(k);
    }
    return value instanceof String s ? s : null;
  }
}
