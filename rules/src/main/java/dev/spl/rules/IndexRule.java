package dev.spl.rules;

import dev.spl.index.ResourceIndex;

/** A rule that looks across resources, through the index the engine builds once per lint. */
public interface IndexRule extends Rule {
  void check(ResourceIndex index, RuleContext context, Reporter reporter);
}
