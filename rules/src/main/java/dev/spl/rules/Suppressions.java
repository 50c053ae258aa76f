package dev.spl.rules;

import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;

/**
 * The {@code ignore.spl.dev/<rule id or name>: "<reason>"} annotation, which suppresses a rule for
 * the resource that carries it.
 */
public final class Suppressions {
  public static final String PREFIX = "ignore.spl.dev/";

  private Suppressions() {}

  public static boolean namesKnownRule(String idOrName) {
    return BuiltInRules.find(idOrName).isPresent();
  }

  /** True when {@code resource} suppresses {@code rule} (an empty reason still suppresses). */
  public static boolean isSuppressed(Resource resource, RuleInfo rule) {
    MapNode metadata = resource.metadata();
    MapNode annotations = metadata == null ? null : metadata.map("annotations");
    if (annotations == null) {
      return false;
    }
    return has(annotations, PREFIX + rule.id()) || has(annotations, PREFIX + rule.name());
  }

  private static boolean has(MapNode annotations, String key) {
    return annotations.get(key) instanceof ScalarNode;
  }
}
