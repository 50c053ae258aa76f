package dev.spl.rules;

import dev.spl.model.Resource;

/** A rule that looks at one resource at a time. */
public interface ResourceRule extends Rule {
  void check(Resource resource, RuleContext context, Reporter reporter);

  /**
   * What this rule reads of the kinds whose admission reviews the webhook's chart narrows by
   * content (Services: {@link dev.spl.catalogue.BuiltInRules#serviceFilter}); none by default. A
   * rule that reports on Services declares the fields and annotation prefixes it reads, so that the
   * chart sends the Services it can say something of (HelmChartIT checks every example).
   */
  default dev.spl.index.Inputs inputs() {
    return dev.spl.index.Inputs.NONE;
  }
}
