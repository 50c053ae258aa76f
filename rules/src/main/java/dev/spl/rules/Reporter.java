package dev.spl.rules;

import dev.spl.model.FieldPath;
import dev.spl.model.Fix;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import java.util.List;

/**
 * Where rules send findings. A rule names the field; the engine turns it into file:line:column, and
 * applies suppressions, configuration and severity overrides.
 */
public interface Reporter {
  default void report(RuleInfo rule, Resource resource, FieldPath field, String message) {
    report(rule, resource, field, message, List.of());
  }

  /** A finding that involves other objects too: each is named with its position. */
  default void report(
      RuleInfo rule,
      Resource resource,
      FieldPath field,
      String message,
      List<RelatedLocation> related) {
    report(rule, resource, field, message, related, null);
  }

  /**
   * A finding with the repair the rule is sure of ({@code fix} null when none is): {@code spl lint
   * --fix} applies it, the outputs carry it. Only a rule declared {@link RuleDefinition#fixable()}
   * passes one.
   */
  default void report(RuleInfo rule, Resource resource, FieldPath field, String message, Fix fix) {
    report(rule, resource, field, message, List.of(), fix);
  }

  void report(
      RuleInfo rule,
      Resource resource,
      FieldPath field,
      String message,
      List<RelatedLocation> related,
      Fix fix);

  /** The related location of {@code field} in {@code resource}. */
  static RelatedLocation at(Resource resource, FieldPath field) {
    return new RelatedLocation(resource.positionOf(field), resource.ref());
  }
}
