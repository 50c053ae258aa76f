package dev.spl.model;

/** A scalar as Kubernetes reads it: String, Long, Double, Boolean or null. */
public record ScalarNode(SourcePosition position, Object value) implements Node {

  @Override
  public String typeName() {
    if (value == null) {
      return "null";
    }
    if (value instanceof String) {
      return "string";
    }
    if (value instanceof Long) {
      return "integer";
    }
    if (value instanceof Boolean) {
      return "boolean";
    }
    return "number";
  }

  public boolean isNull() {
    return value == null;
  }

  /** The value as written for messages: strings quoted, others as is. */
  public String quoted() {
    return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
  }

  @Override
  public Object toPlain() {
    return value;
  }
}
