package dev.spl.model;

import java.util.Objects;

/** A scalar as Kubernetes reads it: String, Long, Double, Boolean or null. */
public final class ScalarNode implements Node {
  // The position is kept packed, not as an object: a lint may hold millions of nodes.
  private final String file;
  private final long at;
  private final Object value;

  public ScalarNode(SourcePosition position, Object value) {
    this.file = position.file();
    this.at = position.packed();
    this.value = value;
  }

  @Override
  public SourcePosition position() {
    return SourcePosition.unpack(file, at);
  }

  public Object value() {
    return value;
  }

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

  /**
   * The text of a scalar as the API server would store it (an annotation's value); null for a
   * missing, null or structured node.
   */
  public static String text(Node node) {
    return node instanceof ScalarNode s && !s.isNull() ? String.valueOf(s.value()) : null;
  }

  /** The value as written for messages: strings quoted, others as is. */
  public String quoted() {
    return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
  }

  @Override
  public Object toPlain() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ScalarNode other
        && at == other.at
        && file.equals(other.file)
        && Objects.equals(value, other.value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(file, at, value);
  }

  @Override
  public String toString() {
    return "ScalarNode[" + position() + ", " + value + "]";
  }
}
