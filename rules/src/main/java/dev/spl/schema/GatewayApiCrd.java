package dev.spl.schema;

import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One Gateway API CustomResourceDefinition as installed: its bundle version and channel (the
 * annotations upstream stamps on every CRD) and what its own schema says of session persistence.
 * The schema decides where the annotation cannot: a bundle newer than spl knows is read by the
 * shape its schema has, and a kind whose schema lacks {@code sessionPersistence} (the standard
 * channel) makes the API server prune the field.
 */
public record GatewayApiCrd(
    String kind,
    String bundleVersion,
    String channel,
    Persistence persistence,
    RelatedLocation location,
    List<CelRule> persistenceRules,
    SessionPersistenceSchema.Field persistenceSchema,
    Durations durations) {

  /**
   * What the CRD's schema puts on its duration fields, by schema path (property names from the
   * object's root, list items left out: {@code spec.rules.timeouts}): the CEL rules that compare
   * durations, on a field or on the object that holds it, and the patterns of duration fields.
   * Empty when the CRD has no readable schema.
   */
  public record Durations(Map<String, List<CelRule>> rules, Map<String, String> patterns) {
    public static final Durations NONE = new Durations(Map.of(), Map.of());

    /** The CEL rules at {@code schemaPath} that mention durations; empty when none. */
    public List<CelRule> rulesAt(String schemaPath) {
      return rules.getOrDefault(schemaPath, List.of());
    }

    /** True when the CRD holds a rule at {@code schemaPath} equal to {@code expression}. */
    public boolean holds(String schemaPath, String expression) {
      String wanted = normalize(expression);
      return rulesAt(schemaPath).stream().anyMatch(r -> r.normalized().equals(wanted));
    }

    /** True when the field at {@code schemaPath} is a GEP-2257 duration by upstream's pattern. */
    public boolean isGepDuration(String schemaPath) {
      return SessionPersistenceSchema.DURATION_PATTERN.equals(patterns.get(schemaPath));
    }
  }

  /** {@code path} (a resource's field path) as a schema path: list indexes left out. */
  public static String schemaPath(FieldPath path) {
    StringBuilder out = new StringBuilder();
    for (Object segment : path.segments()) {
      if (segment instanceof String key) {
        out.append(out.length() == 0 ? "" : ".").append(key);
      }
    }
    return out.toString();
  }

  /** One of the CRD's x-kubernetes-validations on the sessionPersistence object. */
  public record CelRule(String rule, String message) {
    /** The expression without whitespace, to compare with another copy of it. */
    public String normalized() {
      return normalize(rule);
    }
  }

  /** {@code expression} without whitespace: YAML folds a CRD's long rules differently. */
  public static String normalize(String expression) {
    return expression.replaceAll("\\s+", "");
  }

  /** The annotation upstream stamps on every Gateway API CRD with its release. */
  public static final String BUNDLE_VERSION = "gateway.networking.k8s.io/bundle-version";

  static final String CHANNEL = "gateway.networking.k8s.io/channel";

  /** What the CRD's schema holds of {@code sessionPersistence}. */
  public enum Persistence {
    /** The CRD carries no schema spl can read: it says nothing either way. */
    UNKNOWN,
    /** No sessionPersistence anywhere in the schema: the API server prunes it. */
    ABSENT,
    /** sessionName/cookieConfig with idleTimeout (v1.1-v1.5). */
    SESSION_NAME_WITH_IDLE_TIMEOUT,
    /** sessionName/cookieConfig (v1.6). */
    SESSION_NAME,
    /** cookie/header (main). */
    COOKIE_HEADER
  }

  /**
   * The names of the CRDs of the catalogued kinds that carry session persistence ({@code
   * httproutes.gateway.networking.k8s.io}): what a cluster reader fetches, by name, to let the
   * installed CRDs decide.
   */
  public static List<String> persistenceCrdNames() {
    return dev.spl.model.KindCatalogue.all().stream()
        .filter(k -> k.attachment() != null)
        .map(k -> k.plural() + "." + k.group())
        .toList();
  }

  /** The CRD fetched from a cluster as a plain tree, as spl reads it; empty when it is no such. */
  public static Optional<GatewayApiCrd> ofPlain(String name, Map<?, ?> plain) {
    return new dev.spl.load.ManifestLoader()
        .loadTree("CustomResourceDefinition " + name, plain).resources().stream()
            .flatMap(r -> of(r).stream())
            .findFirst();
  }

  /**
   * The Gateway API CRD {@code r} is, or empty when it is none (another group's CRD, or one without
   * the bundle-version annotation upstream stamps).
   */
  public static Optional<GatewayApiCrd> of(Resource r) {
    if (!r.kind().equals("CustomResourceDefinition") || r.metadata() == null || r.spec() == null) {
      return Optional.empty();
    }
    MapNode annotations = r.metadata().map("annotations");
    String bundle = annotations == null ? null : annotations.string(BUNDLE_VERSION);
    String group = r.spec().string("group");
    MapNode names = r.spec().map("names");
    String kind = names == null ? null : names.string("kind");
    if (bundle == null
        || group == null
        || kind == null
        || !group.startsWith("gateway.networking")) {
      return Optional.empty();
    }
    String channel = annotations.string(CHANNEL);
    MapNode schema = persistenceSchema(r.spec().list("versions"));
    return Optional.of(
        new GatewayApiCrd(
            kind,
            bundle,
            channel == null ? "" : channel.toLowerCase(Locale.ROOT),
            schema == null
                    && (!hasSchema(r.spec().list("versions"))
                        || keepsUnknownFields(r.spec().list("versions")))
                ? Persistence.UNKNOWN
                : persistenceOf(schema),
            new RelatedLocation(r.positionOf(FieldPath.of("metadata", "annotations")), r.ref()),
            celRulesOf(schema),
            schema == null ? null : SessionPersistenceSchema.fromCrd("sessionPersistence", schema),
            durationsOf(r.spec().list("versions"))));
  }

  /**
   * The version to validate against: the bundle's, except that a bundle newer than spl knows (a
   * v1.7, a vendor's build) is read by its schema's shape, when it has one.
   */
  public Optional<GatewayApiVersion> version() {
    Optional<GatewayApiVersion> byBundle = GatewayApiVersion.ofBundleVersion(bundleVersion);
    if (byBundle.isEmpty() || !GatewayApiVersion.isNewerThanKnown(bundleVersion)) {
      return byBundle;
    }
    return switch (persistence) {
      case COOKIE_HEADER -> Optional.of(GatewayApiVersion.MAIN);
      case SESSION_NAME -> Optional.of(GatewayApiVersion.V1_6);
      case SESSION_NAME_WITH_IDLE_TIMEOUT -> Optional.of(GatewayApiVersion.V1_5);
      case ABSENT, UNKNOWN -> Optional.empty(); // this kind says nothing of the shape
    };
  }

  /**
   * The CRD whose version speaks for a cluster's set: the HTTPRoute CRD's, else the first other
   * that tells one; empty when none does (none installed, or none readable).
   */
  public static Optional<GatewayApiCrd> deciding(List<GatewayApiCrd> installed) {
    return installed.stream()
        .filter(c -> c.version().isPresent())
        .min(java.util.Comparator.comparing(c -> !c.kind().equals(dev.spl.model.Kinds.HTTP_ROUTE)));
  }

  /** How {@link #version} was decided, for the summary. */
  public String versionReason() {
    if (!GatewayApiVersion.isNewerThanKnown(bundleVersion)) {
      return "bundle-version " + bundleVersion;
    }
    return "bundle-version "
        + bundleVersion
        + ", newer than spl knows: "
        + kind
        + "'s schema decides";
  }

  /**
   * The schema to validate {@code version}'s sessionPersistence objects against: this CRD's own
   * when it has the shape {@code version} has (a CRD of another shape cannot speak for it), else
   * empty and spl's table decides.
   */
  public Optional<SessionPersistenceSchema.Field> schemaFor(GatewayApiVersion version) {
    Persistence shape =
        !version.usesSessionNameShape()
            ? Persistence.COOKIE_HEADER
            : version.hasIdleTimeout()
                ? Persistence.SESSION_NAME_WITH_IDLE_TIMEOUT
                : Persistence.SESSION_NAME;
    return persistence == shape ? Optional.ofNullable(persistenceSchema) : Optional.empty();
  }

  /** True when this CRD is the standard channel's (by annotation, or a route without the field). */
  public boolean isStandardChannel() {
    return channel.equals("standard");
  }

  /** The sessionPersistence schema of the first version that has one; null when none does. */
  private static MapNode persistenceSchema(ListNode versions) {
    if (versions == null) {
      return null;
    }
    for (Node v : versions.items()) {
      if (v instanceof MapNode version
          && version.map("schema") != null
          && version.map("schema").map("openAPIV3Schema") != null) {
        MapNode found =
            findProperty(version.map("schema").map("openAPIV3Schema"), "sessionPersistence");
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /** The duration rules and patterns of the first version with a schema. */
  private static Durations durationsOf(ListNode versions) {
    if (versions == null) {
      return Durations.NONE;
    }
    for (Node v : versions.items()) {
      if (v instanceof MapNode version
          && version.map("schema") != null
          && version.map("schema").map("openAPIV3Schema") != null) {
        Map<String, List<CelRule>> rules = new java.util.HashMap<>();
        Map<String, String> patterns = new java.util.HashMap<>();
        collectDurations(version.map("schema").map("openAPIV3Schema"), "", rules, patterns, 0);
        return new Durations(Map.copyOf(rules), Map.copyOf(patterns));
      }
    }
    return Durations.NONE;
  }

  /** Deep enough for any Gateway API kind; a schema is a tree, but a CRD is user input. */
  private static final int MAX_SCHEMA_DEPTH = 64;

  private static void collectDurations(
      MapNode schema,
      String path,
      Map<String, List<CelRule>> rules,
      Map<String, String> patterns,
      int depth) {
    if (depth > MAX_SCHEMA_DEPTH) {
      return;
    }
    List<CelRule> own =
        celRulesOf(schema).stream().filter(r -> r.rule().contains("duration(")).toList();
    if (!own.isEmpty()) {
      rules.put(path, own);
    }
    String pattern = schema.string("pattern");
    if (pattern != null
        && (pattern.equals(SessionPersistenceSchema.DURATION_PATTERN) || !own.isEmpty())) {
      patterns.put(path, pattern);
    }
    MapNode props = schema.map("properties");
    if (props != null) {
      for (MapNode.Entry e : props.entries()) {
        if (e.value() instanceof MapNode child) {
          collectDurations(
              child, path.isEmpty() ? e.key() : path + "." + e.key(), rules, patterns, depth + 1);
        }
      }
    }
    if (schema.map("items") != null) {
      collectDurations(schema.map("items"), path, rules, patterns, depth + 1);
    }
  }

  private static boolean hasSchema(ListNode versions) {
    return versions != null
        && versions.items().stream()
            .anyMatch(
                v ->
                    v instanceof MapNode m
                        && m.map("schema") != null
                        && m.map("schema").map("openAPIV3Schema") != null);
  }

  /**
   * True when a version's schema keeps fields it does not list where routes write persistence (the
   * object, its spec, or a rule: {@code x-kubernetes-preserve-unknown-fields}), as trimmed or
   * vendored CRDs do: the API server prunes nothing there, so a missing property proves nothing.
   */
  private static boolean keepsUnknownFields(ListNode versions) {
    for (Node v : versions.items()) {
      if (!(v instanceof MapNode version) || version.map("schema") == null) {
        continue;
      }
      MapNode at = version.map("schema").map("openAPIV3Schema");
      for (String step : List.of("spec", "rules", "items", "")) {
        if (at == null) {
          break;
        }
        if (at.get("x-kubernetes-preserve-unknown-fields") instanceof dev.spl.model.ScalarNode s
            && Boolean.TRUE.equals(s.value())) {
          return true;
        }
        MapNode props = at.map("properties");
        at = step.equals("items") ? at.map("items") : props == null ? null : props.map(step);
      }
    }
    return false;
  }

  private static Persistence persistenceOf(MapNode persistence) {
    MapNode props = persistence == null ? null : persistence.map("properties");
    if (props == null) {
      return Persistence.ABSENT;
    }
    if (props.has("cookie") || props.has("header")) {
      return Persistence.COOKIE_HEADER;
    }
    return props.has("idleTimeout")
        ? Persistence.SESSION_NAME_WITH_IDLE_TIMEOUT
        : Persistence.SESSION_NAME;
  }

  /** The object's own x-kubernetes-validations with a rule (a message, or the rule as one). */
  private static List<CelRule> celRulesOf(MapNode persistence) {
    ListNode rules = persistence == null ? null : persistence.list("x-kubernetes-validations");
    if (rules == null) {
      return List.of();
    }
    List<CelRule> out = new ArrayList<>();
    for (Node n : rules.items()) {
      if (n instanceof MapNode m && m.string("rule") != null) {
        String message = m.string("message");
        out.add(
            new CelRule(
                m.string("rule"), message == null ? "failed rule: " + m.string("rule") : message));
      }
    }
    return List.copyOf(out);
  }

  /** The schema of property {@code name} anywhere below {@code schema}, breadth first. */
  private static MapNode findProperty(MapNode schema, String name) {
    Deque<MapNode> queue = new ArrayDeque<>();
    queue.add(schema);
    while (!queue.isEmpty()) {
      MapNode s = queue.poll();
      MapNode props = s.map("properties");
      if (props != null) {
        if (props.get(name) instanceof MapNode found) {
          return found;
        }
        for (MapNode.Entry e : props.entries()) {
          if (e.value() instanceof MapNode child) {
            queue.add(child);
          }
        }
      }
      if (s.map("items") != null) {
        queue.add(s.map("items"));
      }
    }
    return null;
  }
}
