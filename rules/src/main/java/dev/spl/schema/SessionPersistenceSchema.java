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
    TOKEN
  }

  /** One field of the schema. Strings only carry constraints; objects carry children. */
  record Field(
      String name,
      boolean isObject,
      List<String> enumValues,
      int minLength,
      int maxLength,
      Format format,
      String defaultValue,
      boolean required,
      List<Field> children) {

    static Field string(String name) {
      return new Field(
          name, false, List.of(), 0, Integer.MAX_VALUE, Format.NONE, null, false, List.of());
    }

    static Field object(String name, Field... children) {
      return new Field(name, true, List.of(), 0, 0, Format.NONE, null, false, List.of(children));
    }

    Field enumOf(String... values) {
      return new Field(
          name,
          isObject,
          List.of(values),
          minLength,
          maxLength,
          format,
          defaultValue,
          required,
          children);
    }

    Field length(int min, int max) {
      return new Field(
          name, isObject, enumValues, min, max, format, defaultValue, required, children);
    }

    Field format(Format f) {
      return new Field(
          name, isObject, enumValues, minLength, maxLength, f, defaultValue, required, children);
    }

    Field defaultsTo(String value) {
      return new Field(
          name, isObject, enumValues, minLength, maxLength, format, value, required, children);
    }

    Field isRequired() {
      return new Field(
          name, isObject, enumValues, minLength, maxLength, format, defaultValue, true, children);
    }

    Field child(String childName) {
      for (Field f : children) {
        if (f.name.equals(childName)) {
          return f;
        }
      }
      return null;
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
    List<SchemaViolation> violations = new ArrayList<>();
    Object plain = validate(forVersion(version), "", node, path, violations);
    @SuppressWarnings("unchecked")
    Map<String, Object> celInput = plain instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    return new Validation(List.copyOf(violations), celInput);
  }

  private static Object validate(
      Field field, String fieldName, Node node, FieldPath path, List<SchemaViolation> out) {
    if (field.isObject) {
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
        plain.put(e.key(), validate(child, childName, e.value(), path.key(e.key()), out));
      }
      for (Field child : field.children) {
        if (!plain.containsKey(child.name)) {
          if (child.defaultValue != null) {
            plain.put(child.name, child.defaultValue);
          } else if (child.required) {
            String childName = fieldName.isEmpty() ? child.name : fieldName + "." + child.name;
            out.add(
                new SchemaViolation(
                    SchemaViolation.Kind.REQUIRED, childName, path.key(child.name), node, ""));
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
    checkText(field, fieldName, text, node, path, out);
    return text;
  }

  /**
   * True when the string {@code text} passes the schema of the string field {@code field} (dotted,
   * as a violation names it): its enum, lengths and format. What a fix that quotes a value asks.
   */
  public static boolean accepts(String field, String text, GatewayApiVersion version) {
    Field f = forVersion(version);
    for (String part : field.split("\\.")) {
      f = f.isObject ? f.child(part) : null;
      if (f == null) {
        return false;
      }
    }
    if (f.isObject) {
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
        };
    if (!matches) {
      out.add(
          new SchemaViolation(
              SchemaViolation.Kind.PATTERN, fieldName, path, node, field.format.name()));
    }
  }
}
