package dev.spl.rules;

import dev.spl.model.Resource;

/**
 * The {@code ignore.spl.dev/<rule id or name>: "<reason>"} annotation, which suppresses a rule for
 * the resource that carries it.
 */
public final class Suppressions {
  public static final String PREFIX = Resource.SUPPRESSION_PREFIX;

  private Suppressions() {}

  /**
   * True when {@code resource} suppresses {@code rule} (an empty reason still suppresses): an
   * {@code ignore.spl.dev/<id or name>} annotation, the key in any case, as SPL003 and {@code spl
   * rules} match it.
   */
  public static boolean isSuppressed(Resource resource, RuleInfo rule) {
    return isSuppressed(resource, rule.id(), rule.name());
  }

  /** As {@link #isSuppressed(Resource, RuleInfo)}, for the rule of this id and name. */
  public static boolean isSuppressed(Resource resource, String ruleId, String ruleName) {
    java.util.Set<String> names = resource.suppressedNames();
    return !names.isEmpty()
        && (names.contains(ruleId.toLowerCase(java.util.Locale.ROOT))
            || names.contains(ruleName.toLowerCase(java.util.Locale.ROOT)));
  }
}
