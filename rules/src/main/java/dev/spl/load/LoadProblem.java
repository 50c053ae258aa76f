package dev.spl.load;

import dev.spl.model.MessageTemplate;
import dev.spl.model.ResourceRef;
import dev.spl.model.SourcePosition;

/**
 * A document that could not become a resource: a syntax error (SPL001), a duplicate key (SPL007:
 * read, the last value kept, as kubectl reads it), a document that is not a Kubernetes object
 * (SPL002), a chart Helm could not render into documents (SPL004), or something a repository
 * deploys that spl did not build as its tool builds it (SPL006: a kustomize build, a Flux or Argo
 * CD deployment, a remote resource).
 */
public record LoadProblem(
    Kind kind, String message, SourcePosition position, ResourceRef resource) {

  /** What went wrong. */
  public enum Kind {
    SYNTAX,
    DUPLICATE_KEY,
    NOT_A_RESOURCE,
    NOT_RENDERED,
    NOT_BUILT
  }

  /** A document that cannot be read, said by one of {@link LoadMessages}' SPL001 templates. */
  static LoadProblem syntax(SourcePosition at, MessageTemplate says, Object... namesAndValues) {
    return of(Kind.SYNTAX, at, says, namesAndValues);
  }

  /** A key written twice in one mapping: the last value is kept, the first named. */
  static LoadProblem duplicateKey(SourcePosition at, String key, SourcePosition first) {
    return of(
        Kind.DUPLICATE_KEY,
        at,
        LoadMessages.DUPLICATE_KEY,
        "key",
        key,
        "line",
        first.line(),
        "column",
        first.column());
  }

  /** A chart that Helm could not render, at the template line Helm's message names. */
  public static LoadProblem notRendered(
      SourcePosition at, String chart, String reason, String fix) {
    return of(
        Kind.NOT_RENDERED,
        at,
        LoadMessages.CHART_NOT_RENDERED,
        "chart",
        chart,
        "reason",
        reason,
        "fix",
        fix);
  }

  /**
   * Something deployed that spl did not build as its tool does ({@code unit}: "kustomize build
   * deploy/prod", "HelmRelease flux-system/podinfo"), at the line that declares it.
   */
  public static LoadProblem notBuilt(SourcePosition at, String unit, String reason, String fix) {
    return of(
        Kind.NOT_BUILT, at, LoadMessages.NOT_BUILT, "unit", unit, "reason", reason, "fix", fix);
  }

  private static LoadProblem of(
      Kind kind, SourcePosition at, MessageTemplate says, Object... namesAndValues) {
    if (!LoadMessages.of(kind).contains(says)) {
      throw new IllegalArgumentException(says + " is not one of " + kind + "'s templates");
    }
    return new LoadProblem(kind, says.format(namesAndValues), at, null);
  }

  /** This problem, as met inside {@code of}'s document (a duplicate key in a Deployment). */
  LoadProblem in(ResourceRef of) {
    return new LoadProblem(kind, message, position, of);
  }

  static LoadProblem notAResource(
      SourcePosition at, MessageTemplate says, Object... namesAndValues) {
    return of(Kind.NOT_A_RESOURCE, at, says, namesAndValues);
  }
}
