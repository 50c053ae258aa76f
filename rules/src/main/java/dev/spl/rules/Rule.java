package dev.spl.rules;

/** A check spl runs. Each rule is one class with its {@link RuleInfo}. */
public interface Rule {
  RuleInfo info();
}
