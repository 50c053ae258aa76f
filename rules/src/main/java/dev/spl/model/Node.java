package dev.spl.model;

/**
 * A value of a parsed document, with the position it was written at. Scalars hold what Kubernetes
 * would read: {@link String}, {@link Long}, {@link Double}, {@link Boolean} or null.
 */
public sealed interface Node permits MapNode, ListNode, ScalarNode {

  /** Where the value starts. */
  SourcePosition position();

  /** The JSON type name the API server would print: object, array, string, integer, ... */
  String typeName();

  /**
   * The value as plain Java collections ({@code Map<String,Object>}, {@code List<Object>}, Long,
   * Double, Boolean, String, null), for expression evaluation.
   */
  Object toPlain();
}
