package dev.spl.rules;

import dev.spl.model.Resource;

/**
 * The {@code ignore.spl.dev/<rule id or name>: "<reason>"} annotation, which suppresses a rule for
 * the resource that carries it.
 */
public final class Suppressions {
  public static final String PREFIX = Resource.SUPPRESSION_PREFIX;

  private Suppressions() {}

  public static boolean namesKnownRule(String idOrName) {
    return BuiltInRules.find(idOrName).isPresent();
  }

  /** True when {@code resource} suppresses {@code rule} (an empty reason still suppresses). */
  public static boolean isSuppressed(Resource resource, RuleInfo rule) {
    java.util.Set<String> names = resource.suppressedNames();
    return !names.isEmpty()
        && (names.contains(rule.id().toLowerCase(java.util.Locale.ROOT))
            || names.contains(rule.name().toLowerCase(java.util.Locale.ROOT)));
  }

  /**
   * True when annotation {@code key} is {@code ignore.spl.dev/<id or name>} of {@code rule}, in any
   * case: the same matching SPL003 and {@code spl rules} use, so a key SPL003 accepts suppresses.
   */
  static boolean namesRule(String key, RuleInfo rule) {
    if (!key.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return false;
    }
    String named = key.substring(PREFIX.length());
    return named.equalsIgnoreCase(rule.id()) || named.equalsIgnoreCase(rule.name());
  }
}
