package dev.spl.model;

import java.util.Comparator;
import java.util.List;

/**
 * One problem found: which rule, how severe, what to do about it, and exactly where.
 *
 * @param resource the object the finding is about, or null when the document is not an object
 * @param field the field path inside the object, e.g. {@code spec.rules[0].sessionPersistence};
 *     empty when the finding is about the whole document
 * @param fix the repair the rule is sure of, or null
 */
public record Finding(
    String ruleId,
    String ruleName,
    Severity severity,
    String message,
    SourcePosition position,
    ResourceRef resource,
    String field,
    List<RelatedLocation> related,
    Fix fix)
    implements Comparable<Finding> {

  private static final Comparator<Finding> ORDER =
      Comparator.comparing(Finding::position)
          .thenComparing(Finding::ruleId)
          .thenComparing(Finding::field)
          .thenComparing(Finding::message);

  public Finding {
    related = List.copyOf(related);
    field = field == null ? "" : field;
  }

  /** A finding without a fix. */
  public Finding(
      String ruleId,
      String ruleName,
      Severity severity,
      String message,
      SourcePosition position,
      ResourceRef resource,
      String field,
      List<RelatedLocation> related) {
    this(ruleId, ruleName, severity, message, position, resource, field, related, null);
  }

  /**
   * What makes two findings the same problem, wherever the object is written: the rule, the field
   * and the message (an UPDATE's finding that its old object had too; one result per problem).
   */
  public record Identity(String ruleId, String field, String message) {}

  public Identity identity() {
    return new Identity(ruleId, field, message);
  }

  /** The same finding with another severity (configuration may change it). */
  public Finding withSeverity(Severity newSeverity) {
    return new Finding(
        ruleId, ruleName, newSeverity, message, position, resource, field, related, fix);
  }

  /** The same finding with a longer message (where a rendering came from, say). */
  public Finding withMessage(String newMessage) {
    return new Finding(
        ruleId, ruleName, severity, newMessage, position, resource, field, related, fix);
  }

  /** The same finding at another position (a rendering's name mapped to its template). */
  public Finding withPosition(SourcePosition at) {
    return new Finding(ruleId, ruleName, severity, message, at, resource, field, related, fix);
  }

  @Override
  public int compareTo(Finding other) {
    return ORDER.compare(this, other);
  }
}
