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
    java.util.Set<String> names = resource.suppressedNames();
    return !names.isEmpty()
        && (names.contains(rule.id().toLowerCase(java.util.Locale.ROOT))
            || names.contains(rule.name().toLowerCase(java.util.Locale.ROOT)));
  }
}
