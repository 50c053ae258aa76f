package dev.spl.rules.input;

import dev.spl.load.LoadProblem;
import dev.spl.model.Severity;
import dev.spl.rules.LoadProblemRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;

/** SPL002: a document that is not a Kubernetes object; the loader finds these. */
@RuleDefinition(
    id = "SPL002",
    name = "not-a-resource",
    severity = Severity.ERROR,
    summary = "A document is not an object with apiVersion, kind and metadata.name.",
    noPolicyBecause = NoPolicy.FILE,
    lintOnly = true)
public final class NotAResource implements LoadProblemRule {
  @Override
  public LoadProblem.Kind reports() {
    return LoadProblem.Kind.NOT_A_RESOURCE;
  }
}
