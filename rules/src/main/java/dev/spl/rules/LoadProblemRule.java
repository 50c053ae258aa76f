package dev.spl.rules;

import dev.spl.index.Inputs;

/**
 * A rule whose findings are what the loader could not read (a YAML syntax error, a document that is
 * no object, a chart it could not render): it reads no object itself.
 */
public interface LoadProblemRule extends Rule {
  @Override
  default Inputs inputs() {
    return Inputs.NONE;
  }
}
