package dev.spl.rules;

import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The ids and names of every rule spl has, for a rule that asks whether a text names one (an ignore
 * annotation's key). The engine hands it down from the catalogue, so no rule depends on the
 * catalogue that lists it.
 */
public final class RuleNames {
  public static final RuleNames NONE = new RuleNames(Set.of());

  private final Set<String> lowerCase;

  private RuleNames(Set<String> lowerCase) {
    this.lowerCase = lowerCase;
  }

  public static RuleNames of(Collection<RuleInfo> rules) {
    Set<String> names = new HashSet<>();
    for (RuleInfo r : rules) {
      names.add(r.id().toLowerCase(Locale.ROOT));
      names.add(r.name().toLowerCase(Locale.ROOT));
    }
    return new RuleNames(Set.copyOf(names));
  }

  /** True when {@code idOrName} is a rule's id or name, in any case. */
  public boolean names(String idOrName) {
    return lowerCase.contains(idOrName.toLowerCase(Locale.ROOT));
  }
}
