package dev.spl.schema;

import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The OpenAPI schema of the SessionPersistence type per Gateway API version, as in the upstream
 * CRDs: fields, types, enums, lengths, patterns and defaults. {@link #validate} does what the API
 * server does before CEL: prune unknown fields and nulls, apply defaults, collect schema errors.
 */
public final class SessionPersistenceSchema {
  /** RFC 7230 token characters, the CRD's pattern for cookie and header names. */
  static final Pattern TOKEN = Pattern.compile("^[A-Za-z0-9!#$%&'*+\\-.^_`|~]+$");

  /** True when {@code name} is an RFC 7230 token: what a cookie or header name must be. */
  public static boolean isToken(String name) {
    return TOKEN.matcher(name).matches();
  }

  /** The string formats a field can have; a PATTERN violation's detail names one. */
  public enum Format {
    NONE,
    DURATION,
    TOKEN,
    /** Another pattern, held in {@link Field#regex}: only an installed CRD brings one. */
    REGEX
  }

  /** What a field holds: an object with children, a string with constraints, or any scalar. */
  enum Shape {
    OBJECT,
    STRING,
    /** A type spl's table never has (integer, boolean): accepted as written. */
    ANY
  }

  /**
   * One field of the schema: from spl's table, or read from an installed CRD's openAPIV3Schema.
   * Strings only carry constraints; objects carry children.
   */
  public record Field(
      String name,
      Shape shape,
      List<String> enumValues,
      int minLength,
      int maxLength,
      Format format,
      Pattern regex,
      String defaultValue,
      boolean required,
      List<Field> children) {

    static Field string(String name) {
      return new Field(
          name,
          Shape.STRING,
          List.of(),
          0,
          Integer.MAX_VALUE,
          Format.NONE,
          null,
          null,
          false,
          List.of());
    }

    static Field object(String name, Field... children) {
      return object(name, List.of(children));
    }

    static Field object(String name, List<Field> children) {
      return new Field(
          name,
          Shape.OBJECT,
          List.of(),
          0,
          0,
          Format.NONE,
          null,
          null,
          false,
          List.copyOf(children));
    }

    boolean isObject() {
      return shape == Shape.OBJECT;
    }

    Field enumOf(String... values) {
      return with(List.of(values), minLength, maxLength, format, regex, defaultValue, required);
    }

    Field length(int min, int max) {
      return with(enumValues, min, max, format, regex, defaultValue, required);
    }

    Field format(Format f) {
      return with(enumValues, minLength, maxLength, f, regex, defaultValue, required);
    }

    Field defaultsTo(String value) {
      return with(enumValues, minLength, maxLength, format, regex, value, required);
    }

    Field isRequired() {
      return with(enumValues, minLength, maxLength, format, regex, defaultValue, true);
    }

    private Field with(
        List<String> enums,
        int min,
        int max,
        Format f,
        Pattern re,
        String defaults,
        boolean isRequired) {
      return new Field(name, shape, enums, min, max, f, re, defaults, isRequired, children);
    }

    Field child(String childName) {
      for (Field f : children) {
        if (f.name.equals(childName)) {
          return f;
        }
      }
      return null;
    }

    /** Equal as a schema: the same constraints, patterns compared by their text. */
    boolean sameAs(Field other) {
      if (other == null
          || !name.equals(other.name)
          || shape != other.shape
          || !enumValues.equals(other.enumValues)
          || minLength != other.minLength
          || maxLength != other.maxLength
          || format != other.format
          || !java.util.Objects.equals(defaultValue, other.defaultValue)
          || required != other.required
          || children.size() != other.children.size()
          || (regex == null) != (other.regex == null)
          || (regex != null && !regex.pattern().equals(other.regex.pattern()))) {
        return false;
      }
      for (Field c : children) {
        if (!c.sameAs(other.child(c.name))) {
          return false;
        }
      }
      return true;
    }
  }

  private static final Field TYPE =
      Field.string("type").enumOf("Cookie", "Header").defaultsTo("Cookie");
  private static final Field LIFETIME =
      Field.string("lifetimeType").enumOf("Permanent", "Session").defaultsTo("Session");
  private static final Field ABSOLUTE = Field.string("absoluteTimeout").format(Format.DURATION);
  private static final Field IDLE = Field.string("idleTimeout").format(Format.DURATION);
  private static final Field SESSION_NAME = Field.string("sessionName").length(0, 128);
  private static final Field COOKIE_CONFIG = Field.object("cookieConfig", LIFETIME);
  private static final Field TOKEN_NAME = Field.string("name").length(1, 256).format(Format.TOKEN);

  private static final Field UP_TO_V1_5 =
      Field.object("sessionPersistence", ABSOLUTE, COOKIE_CONFIG, IDLE, SESSION_NAME, TYPE);
  private static final Field V1_6 =
      Field.object("sessionPersistence", ABSOLUTE, COOKIE_CONFIG, SESSION_NAME, TYPE);
  private static final Field MAIN =
      Field.object(
          "sessionPersistence",
          ABSOLUTE,
          Field.object(
              "cookie", LIFETIME, TOKEN_NAME, Field.string("path").length(0, 1024).defaultsTo("/")),
          Field.object("header", TOKEN_NAME.isRequired()),
          TYPE);

  private SessionPersistenceSchema() {}

  static Field forVersion(GatewayApiVersion version) {
    if (!version.usesSessionNameShape()) {
      return MAIN;
    }
    return version.hasIdleTimeout() ? UP_TO_V1_5 : V1_6;
  }

  /** The result of validation: schema errors, and the pruned, defaulted object CEL sees. */
  public record Validation(List<SchemaViolation> violations, Map<String, Object> celInput) {}

  /** Validates the object at {@code path} against {@code version}'s schema. */
  public static Validation validate(Node node, FieldPath path, GatewayApiVersion version) {
    return validate(node, path, forVersion(version), version);
  }

  /**
   * Validates the object at {@code path} against {@code schema} (an installed CRD's): a constraint
   * that {@code version}'s table does not hold is reported as the CRD's own ({@link
   * SchemaViolation.Kind#CRD_CONSTRAINT}), so no built-in rule claims it.
   */
  public static Validation validate(
      Node node, FieldPath path, Field schema, GatewayApiVersion version) {
    List<SchemaViolation> violations = new ArrayList<>();
    Object plain = validate(schema, forVersion(version), "", node, path, violations);
    @SuppressWarnings("unchecked")
    Map<String, Object> celInput = plain instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    return new Validation(List.copyOf(violations), celInput);
  }

  private static Object validate(
      Field field,
      Field table,
      String fieldName,
      Node node,
      FieldPath path,
      List<SchemaViolation> out) {
    if (field.shape == Shape.ANY) {
      return node.toPlain();
    }
    if (field.isObject()) {
      if (!(node instanceof MapNode map)) {
        out.add(
            new SchemaViolation(SchemaViolation.Kind.WRONG_TYPE, fieldName, path, node, "object"));
        return node.toPlain();
      }
      Map<String, Object> plain = new LinkedHashMap<>();
      for (MapNode.Entry e : map.entries()) {
        String childName = fieldName.isEmpty() ? e.key() : fieldName + "." + e.key();
        Field child = field.child(e.key());
        if (child == null) {
          // detail: the fields the object does have, for "did you mean"
          out.add(
              new SchemaViolation(
                  SchemaViolation.Kind.UNKNOWN_FIELD,
                  childName,
                  path.key(e.key()),
                  e.value(),
                  String.join(", ", field.children.stream().map(c -> c.name).toList())));
          continue; // pruned, as the API server does
        }
        if (e.value() instanceof ScalarNode s && s.isNull()) {
          continue; // nulls of non-nullable fields are pruned before defaulting
        }
        Field tableChild = table == null ? null : table.child(e.key());
        plain.put(
            e.key(), validate(child, tableChild, childName, e.value(), path.key(e.key()), out));
      }
      for (Field child : field.children) {
        if (!plain.containsKey(child.name)) {
          if (child.defaultValue != null) {
            plain.put(child.name, child.defaultValue);
          } else if (child.required) {
            String childName = fieldName.isEmpty() ? child.name : fieldName + "." + child.name;
            Field tableChild = table == null ? null : table.child(child.name);
            boolean tables = tableChild != null && tableChild.required;
            out.add(
                tables
                    ? new SchemaViolation(
                        SchemaViolation.Kind.REQUIRED, childName, path.key(child.name), node, "")
                    : new SchemaViolation(
                        SchemaViolation.Kind.CRD_CONSTRAINT,
                        childName,
                        path.key(child.name),
                        node,
                        childName + " is required"));
          }
        }
      }
      // Sites live as long as a lint: an immutable map is a third of a LinkedHashMap's size. CEL
      // and the rules only look values up; none depends on the order.
      return plain.containsValue(null) ? plain : Map.copyOf(plain);
    }
    if (!(node instanceof ScalarNode scalar) || !(scalar.value() instanceof String text)) {
      out.add(
          new SchemaViolation(SchemaViolation.Kind.WRONG_TYPE, fieldName, path, node, "string"));
      return node.toPlain();
    }
    List<SchemaViolation> found = new ArrayList<>();
    checkText(field, fieldName, text, node, path, found);
    for (SchemaViolation v : found) {
      out.add(tableHolds(v, table) ? v : asCrdOwn(v, field, text));
    }
    return text;
  }

  /** True when spl's table holds the constraint {@code v} broke, so its own rule reports it. */
  private static boolean tableHolds(SchemaViolation v, Field table) {
    if (table == null || table.shape != Shape.STRING) {
      return false;
    }
    return switch (v.kind()) {
      case ENUM -> !table.enumValues.isEmpty();
      case MIN_LENGTH -> String.valueOf(table.minLength).equals(v.detail());
      case MAX_LENGTH -> String.valueOf(table.maxLength).equals(v.detail());
      case PATTERN -> table.format.name().equals(v.detail()) && table.format != Format.REGEX;
      default -> true;
    };
  }

  /** {@code v} as a constraint only the installed CRD holds, with its own words. */
  private static SchemaViolation asCrdOwn(SchemaViolation v, Field field, String text) {
    int length = text.codePointCount(0, text.length());
    String detail =
        switch (v.kind()) {
          case ENUM -> v.field() + " must be one of " + v.detail();
          case MIN_LENGTH -> v.field() + " must be at least " + v.detail() + " characters long";
          case MAX_LENGTH ->
              v.field() + " is " + length + " characters, over the limit of " + v.detail();
          case PATTERN ->
              v.field()
                  + " must match "
                  + (field.regex != null
                      ? field.regex.pattern()
                      : "its " + v.detail() + " pattern");
          default -> v.field() + " breaks its schema";
        };
    return new SchemaViolation(
        v.kind() == SchemaViolation.Kind.PATTERN
            ? SchemaViolation.Kind.CRD_PATTERN
            : SchemaViolation.Kind.CRD_CONSTRAINT,
        v.field(),
        v.path(),
        v.node(),
        detail);
  }

  /** The patterns of upstream's CRDs that spl knows by name, to keep its own messages for them. */
  static final String DURATION_PATTERN = "^([0-9]{1,5}(h|m|s|ms)){1,4}$";

  private static final String TOKEN_PATTERN = "^[A-Za-z0-9!#$%&'*+\\-.^_\\x60|~]+$";

  /**
   * The schema an installed CRD gives its sessionPersistence object ({@code schema}: the property's
   * openAPIV3Schema): types, enums, lengths, patterns, defaults and required fields. Upstream's
   * duration and token patterns are read as spl's formats; another pattern is kept as written (a
   * pattern Java cannot compile is not checked: spl does not guess). Null when the schema is not
   * structural (a property without a type): the API server would not have accepted the CRD, and
   * spl's table decides.
   */
  public static Field fromCrd(String name, MapNode schema) {
    return isStructural(schema) ? read(name, schema) : null;
  }

  private static boolean isStructural(MapNode schema) {
    if (schema.string("type") == null && !schema.has("x-kubernetes-int-or-string")) {
      return false;
    }
    MapNode props = schema.map("properties");
    if (props != null) {
      for (MapNode.Entry e : props.entries()) {
        if (!(e.value() instanceof MapNode child) || !isStructural(child)) {
          return false;
        }
      }
    }
    return true;
  }

  private static Field read(String name, MapNode schema) {
    String type = schema.string("type");
    MapNode props = schema.map("properties");
    if ("object".equals(type)) {
      List<Field> children = new ArrayList<>();
      java.util.Set<String> required = new java.util.HashSet<>();
      if (schema.list("required") != null) {
        for (Node n : schema.list("required").items()) {
          if (n instanceof ScalarNode s && s.value() instanceof String r) {
            required.add(r);
          }
        }
      }
      if (props != null) {
        for (MapNode.Entry e : props.entries()) {
          if (e.value() instanceof MapNode child) {
            Field f = read(e.key(), child);
            children.add(required.contains(e.key()) ? f.isRequired() : f);
          }
        }
      }
      children.sort(java.util.Comparator.comparing(Field::name));
      return Field.object(name, children);
    }
    if (!"string".equals(type)) {
      return new Field(name, Shape.ANY, List.of(), 0, 0, Format.NONE, null, null, false, List.of());
    }
    Field f = Field.string(name);
    if (schema.list("enum") != null) {
      f =
          f.enumOf(
              schema.list("enum").items().stream()
                  .filter(n -> n instanceof ScalarNode s && s.value() != null)
                  .map(n -> String.valueOf(((ScalarNode) n).value()))
                  .toArray(String[]::new));
    }
    f = f.length(intOr(schema, "minLength", 0), intOr(schema, "maxLength", Integer.MAX_VALUE));
    String pattern = schema.string("pattern");
    if (DURATION_PATTERN.equals(pattern)) {
      f = f.format(Format.DURATION);
    } else if (TOKEN_PATTERN.equals(pattern)) {
      f = f.format(Format.TOKEN);
    } else if (pattern != null) {
      try {
        Pattern compiled = Pattern.compile(pattern);
        f = f.with(f.enumValues, f.minLength, f.maxLength, Format.REGEX, compiled, null, false);
      } catch (java.util.regex.PatternSyntaxException unreadable) {
        // RE2 syntax Java lacks: leave the pattern to the API server
      }
    }
    String defaults = schema.string("default");
    return defaults == null ? f : f.defaultsTo(defaults);
  }

  private static int intOr(MapNode schema, String key, int otherwise) {
    return schema.get(key) instanceof ScalarNode s && s.value() instanceof Number n
        ? n.intValue()
        : otherwise;
  }

  /** True when {@code schema} (from a CRD) is the one spl's table holds for {@code version}. */
  public static boolean isTables(Field schema, GatewayApiVersion version) {
    return forVersion(version).sameAs(schema);
  }

  /**
   * True when the string {@code text} passes the schema of the string field {@code field} (dotted,
   * as a violation names it): its enum, lengths and format. What a fix that quotes a value asks.
   */
  public static boolean accepts(String field, String text, GatewayApiVersion version) {
    Field f = forVersion(version);
    for (String part : field.split("\\.")) {
      f = f.isObject() ? f.child(part) : null;
      if (f == null) {
        return false;
      }
    }
    if (f.isObject()) {
      return false;
    }
    List<SchemaViolation> out = new ArrayList<>();
    checkText(f, field, text, null, FieldPath.of(), out);
    return out.isEmpty();
  }

  private static void checkText(
      Field field,
      String fieldName,
      String text,
      Node node,
      FieldPath path,
      List<SchemaViolation> out) {
    if (!field.enumValues.isEmpty() && !field.enumValues.contains(text)) {
      out.add(
          new SchemaViolation(
              SchemaViolation.Kind.ENUM,
              fieldName,
              path,
              node,
              String.join(", ", field.enumValues)));
    }
    int length = text.codePointCount(0, text.length());
    if (length < field.minLength) {
      out.add(
          new SchemaViolation(
              SchemaViolation.Kind.MIN_LENGTH,
              fieldName,
              path,
              node,
              String.valueOf(field.minLength)));
    }
    if (length > field.maxLength) {
      out.add(
          new SchemaViolation(
              SchemaViolation.Kind.MAX_LENGTH,
              fieldName,
              path,
              node,
              String.valueOf(field.maxLength)));
    }
    boolean matches =
        switch (field.format) {
          case NONE -> true;
          case DURATION -> GatewayDuration.isValid(text);
          case TOKEN -> text.isEmpty() || TOKEN.matcher(text).matches();
          case REGEX -> field.regex.matcher(text).find();
        };
    if (!matches) {
      out.add(
          new SchemaViolation(
              SchemaViolation.Kind.PATTERN, fieldName, path, node, field.format.name()));
    }
  }
}
