package dev.spl.rules;

import dev.spl.model.FieldPath;
import dev.spl.model.Resource;

/**
 * Where rules send findings. A rule names the field; the engine turns it into file:line:column, and
 * applies suppressions, configuration and severity overrides.
 */
public interface Reporter {
  void report(RuleInfo rule, Resource resource, FieldPath field, String message);
}
