package dev.spl.rules.input;

import dev.spl.load.LoadProblem;
import dev.spl.model.Severity;
import dev.spl.rules.LoadProblemRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;

/**
 * SPL006: something a repository deploys that spl did not build as its tool builds it (a kustomize
 * build that failed or needs what is not here, a Flux HelmRelease or Kustomization, an Argo CD
 * Application, a remote resource); the CLI's reader finds these, this class names them. A warning:
 * what it makes was linted only in part, or not at all, and a run must not go green in silence.
 */
@RuleDefinition(
    id = "SPL006",
    name = "not-built",
    severity = Severity.WARNING,
    summary =
        "Something the repository deploys was not built as its tool builds it; what it makes was"
            + " linted in part or not at all.",
    noPolicyBecause = NoPolicy.BUILD,
    lintOnly = true)
public final class NotBuilt implements LoadProblemRule {
  @Override
  public LoadProblem.Kind reports() {
    return LoadProblem.Kind.NOT_BUILT;
  }
}
