package dev.spl.rules;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;

/** A rule that looks across resources, through the index the engine builds once per lint. */
public interface IndexRule extends Rule {
  void check(ResourceIndex index, RuleContext context, Reporter reporter);

  /**
   * The kinds and fields this rule reads, directly or through the index: a large lint keeps only
   * these, and a webhook watches only the kinds some rule reads.
   */
  Inputs inputs();
}
