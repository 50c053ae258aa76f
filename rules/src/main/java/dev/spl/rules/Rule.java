package dev.spl.rules;

/** A check spl runs. Each rule is one class, its metadata declared by {@link RuleDefinition}. */
public interface Rule {
  default RuleInfo info() {
    return RuleInfo.of(getClass());
  }
}
