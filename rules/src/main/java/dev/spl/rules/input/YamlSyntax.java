package dev.spl.rules.input;

import dev.spl.load.LoadProblem;
import dev.spl.model.Severity;
import dev.spl.rules.LoadProblemRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;

/**
 * SPL001: a document the YAML parser cannot read; the loader finds these, this class names them.
 */
@RuleDefinition(
    id = "SPL001",
    name = "yaml-syntax",
    severity = Severity.ERROR,
    summary = "A document cannot be parsed as YAML.",
    noPolicyBecause = NoPolicy.FILE,
    lintOnly = true)
public final class YamlSyntax implements LoadProblemRule {
  @Override
  public LoadProblem.Kind reports() {
    return LoadProblem.Kind.SYNTAX;
  }
}
