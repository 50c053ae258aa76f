package dev.spl.load;

import dev.spl.model.ResourceRef;
import dev.spl.model.SourcePosition;

/**
 * A document that could not become a resource: a syntax error (SPL001), a document that is not a
 * Kubernetes object (SPL002), or a chart Helm could not render into documents (SPL004).
 */
public record LoadProblem(
    Kind kind, String message, SourcePosition position, ResourceRef resource) {

  /** What went wrong. */
  public enum Kind {
    SYNTAX,
    NOT_A_RESOURCE,
    NOT_RENDERED
  }

  public static LoadProblem syntax(SourcePosition at, String message) {
    return new LoadProblem(Kind.SYNTAX, message, at, null);
  }

  /** A chart that Helm could not render, at the template line Helm's message names. */
  public static LoadProblem notRendered(SourcePosition at, String message) {
    return new LoadProblem(Kind.NOT_RENDERED, message, at, null);
  }

  /** This problem, as met inside {@code of}'s document (a duplicate key in a Deployment). */
  LoadProblem in(ResourceRef of) {
    return new LoadProblem(kind, message, position, of);
  }

  static LoadProblem notAResource(SourcePosition at, String message) {
    return new LoadProblem(Kind.NOT_A_RESOURCE, message, at, null);
  }
}
