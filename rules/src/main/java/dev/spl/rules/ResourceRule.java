package dev.spl.rules;

import dev.spl.model.Resource;

/**
 * A rule that looks at one resource at a time: the engine calls it for each object of a kind its
 * {@link #inputs()} declare.
 */
public interface ResourceRule extends Rule {
  void check(Resource resource, RuleContext context, Reporter reporter);
}
