package dev.spl.load;

import dev.spl.model.MessageTemplate;
import dev.spl.model.SourcePosition;

/**
 * A document the reader stops reading (a limit hit, a value that is not JSON), thrown from deep in
 * the tree it was building and caught where the document is read, as one SPL001.
 */
final class Refused extends RuntimeException {
  private final transient LoadProblem problem;

  Refused(SourcePosition at, MessageTemplate says, Object... namesAndValues) {
    super(says.toString(), null, false, false);
    this.problem = LoadProblem.syntax(at, says, namesAndValues);
  }

  LoadProblem problem() {
    return problem;
  }
}
