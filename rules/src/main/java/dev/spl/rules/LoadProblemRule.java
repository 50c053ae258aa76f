package dev.spl.rules;

import dev.spl.index.Inputs;
import dev.spl.load.LoadMessages;
import dev.spl.load.LoadProblem;
import dev.spl.model.MessageTemplate;
import java.util.List;

/**
 * A rule whose findings are what the loader could not read (a YAML syntax error, a document that is
 * no object, a chart it could not render): it reads no object itself, and its messages are the
 * loader's templates for the kind of problem it reports ({@link LoadMessages}).
 */
public interface LoadProblemRule extends Rule, TableMessages {
  /** The kind of load problem this rule names. */
  LoadProblem.Kind reports();

  @Override
  default Inputs inputs() {
    return Inputs.NONE;
  }

  @Override
  default List<MessageTemplate> tableMessages() {
    return LoadMessages.of(reports());
  }
}
