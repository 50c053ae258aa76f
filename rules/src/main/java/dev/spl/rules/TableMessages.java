package dev.spl.rules;

import dev.spl.model.MessageTemplate;
import java.util.List;

/**
 * A rule whose messages are listed rather than its own constants: rows of a table of checks (the
 * CRD's own validation messages, one per Gateway API release), or the loader's templates for the
 * problems a {@link LoadProblemRule} names. {@link RuleMessages} lists them with its constants.
 */
public interface TableMessages {
  /** One template per row of the rule's table. */
  List<MessageTemplate> tableMessages();
}
