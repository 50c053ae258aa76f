package dev.spl.rules.input;

import dev.spl.load.LoadProblem;
import dev.spl.model.Severity;
import dev.spl.rules.LoadProblemRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;

/**
 * SPL007: a key written twice in one mapping of an object spl reads. kubectl converts YAML to JSON
 * with sigs.k8s.io/yaml before sending it, keeping the last value, so the file applies (a warning,
 * not an error); a client that sends the YAML itself meets the API server's strict field
 * validation, which refuses the duplicate. The loader finds these, this class names them.
 */
@RuleDefinition(
    id = "SPL007",
    name = "duplicate-key",
    severity = Severity.WARNING,
    summary = "A key written twice in one mapping: kubectl keeps the last value.",
    noPolicyBecause = NoPolicy.FILE,
    lintOnly = true)
public final class DuplicateKey implements LoadProblemRule {
  @Override
  public LoadProblem.Kind reports() {
    return LoadProblem.Kind.DUPLICATE_KEY;
  }
}
