package dev.spl.catalogue;

import dev.spl.model.Severity;
import dev.spl.rules.RuleInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which rules run and at what severity: {@code --enable} (only these), {@code --disable}, and
 * per-rule severities from configuration. Built from ids or names; unknown ones are an error.
 */
public final class RuleSelection {
  private final Set<String> only; // rule ids; empty = all
  private final Set<String> disabled;
  private final Map<String, Severity> severities;

  private RuleSelection(Set<String> only, Set<String> disabled, Map<String, Severity> severities) {
    this.only = only;
    this.disabled = disabled;
    this.severities = severities;
  }

  public static RuleSelection all() {
    return new RuleSelection(Set.of(), Set.of(), Map.of());
  }

  /**
   * @param enable ids or names; when not empty, only these rules run
   * @param disable ids or names that do not run
   * @param severities per-rule severity (null value: off)
   * @throws IllegalArgumentException naming the first id or name that is no rule
   */
  public static RuleSelection of(
      List<String> enable, List<String> disable, Map<String, Severity> severities) {
    Set<String> only = new HashSet<>();
    for (String r : enable) {
      only.add(idOf(r));
    }
    Set<String> off = new HashSet<>();
    for (String r : disable) {
      off.add(idOf(r));
    }
    Map<String, Severity> bySeverity = new HashMap<>();
    for (Map.Entry<String, Severity> e : severities.entrySet()) {
      String id = idOf(e.getKey());
      if (e.getValue() == null) {
        off.add(id);
      } else {
        bySeverity.put(id, e.getValue());
      }
    }
    return new RuleSelection(Set.copyOf(only), Set.copyOf(off), Map.copyOf(bySeverity));
  }

  private static String idOf(String idOrName) {
    return BuiltInRules.find(idOrName.trim())
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown rule '"
                        + idOrName
                        + "'"
                        + BuiltInRules.didYouMean(idOrName)
                        + "; `spl rules` lists them"))
        .info()
        .id();
  }

  /**
   * This selection with {@code levels} (rule id to severity, null: off) laid over it, as an admin
   * configuration's {@code rules:} lays its levels over the defaults: so that whatever judges by a
   * rule's severity (may an author's annotation hide it?) judges by the configured one.
   */
  public RuleSelection withLevels(Map<String, Severity> levels) {
    if (levels.isEmpty()) {
      return this;
    }
    Set<String> off = new HashSet<>(disabled);
    Map<String, Severity> bySeverity = new HashMap<>(severities);
    for (Map.Entry<String, Severity> e : levels.entrySet()) {
      if (e.getValue() == null) {
        off.add(e.getKey());
      } else {
        bySeverity.put(e.getKey(), e.getValue()); // a rule left out stays out (--disable, or
        // the webhook's --skip-policy-rules: the API server judges it)
      }
    }
    return new RuleSelection(only, Set.copyOf(off), Map.copyOf(bySeverity));
  }

  public boolean isEnabled(String ruleId) {
    return (only.isEmpty() || only.contains(ruleId)) && !disabled.contains(ruleId);
  }

  public Severity severity(RuleInfo rule) {
    return severity(rule.id(), rule.severity());
  }

  /** The severity of the rule {@code id}, whose own is {@code byDefault}. */
  public Severity severity(String id, Severity byDefault) {
    return severities.getOrDefault(id, byDefault);
  }
}
