package dev.spl.rules;

import dev.spl.index.Inputs;

/** A check spl runs. Each rule is one class, its metadata declared by {@link RuleDefinition}. */
public interface Rule {
  default RuleInfo info() {
    return RuleInfo.of(getClass());
  }

  /**
   * What this rule reads: the kinds of object, their spec paths and annotation prefixes. The engine
   * gives a rule nothing else, and a webhook reviews, watches and may read only what some rule
   * declares; {@code DeclaredInputsTest} checks each declaration both ways on the examples (nothing
   * read beyond it, nothing in it unread).
   */
  Inputs inputs();
}
