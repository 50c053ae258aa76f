package dev.spl.schema;

import dev.spl.model.FieldPath;
import dev.spl.model.Node;

/**
 * A way the sessionPersistence object breaks its version's OpenAPI schema.
 *
 * @param field the schema field, relative to sessionPersistence, e.g. {@code cookie.name}
 * @param path where in the resource
 * @param node the offending value, or the parent object for a missing required field
 */
public record SchemaViolation(Kind kind, String field, FieldPath path, Node node, String detail) {

  /** The kinds of schema error, and whether the API server then skips the CEL rules. */
  public enum Kind {
    UNKNOWN_FIELD(false),
    WRONG_TYPE(true),
    ENUM(true),
    REQUIRED(true),
    MIN_LENGTH(true),
    MAX_LENGTH(true),
    PATTERN(false),
    /**
     * A type, length or required constraint of an installed CRD that spl's table does not hold (a
     * newer release, a vendor's fork); detail says it in words.
     */
    CRD_CONSTRAINT(true),
    /** A pattern of an installed CRD that spl's table does not hold; detail says it in words. */
    CRD_PATTERN(false);

    private final boolean stopsCel;

    Kind(boolean stopsCel) {
      this.stopsCel = stopsCel;
    }

    public boolean stopsCel() {
      return stopsCel;
    }
  }
}
