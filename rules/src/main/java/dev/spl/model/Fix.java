package dev.spl.model;

import java.util.List;

/**
 * A repair spl is sure of, made by the rule that found the problem: each edit writes a new value
 * over one scalar of the input. Where the scalar lies in the text, and how it is quoted, is found
 * from its position when the fix is applied ({@code dev.spl.fix.TextEdits}), so a fix holds no text
 * and a rule needs none to make one.
 *
 * @param title what the fix does, for people and editors ("write 24h")
 */
public record Fix(String title, List<ScalarEdit> edits) {
  /** The scalar that starts at {@code at} gets {@code value}, a string. */
  public record ScalarEdit(SourcePosition at, String value) {}

  public Fix {
    edits = List.copyOf(edits);
  }

  /**
   * The allowed value {@code scalar} matches but for case, when exactly one does: a case slip has
   * one reading; any other misspelling is not guessed at. Null otherwise.
   */
  public static Fix caseSlip(Node scalar, java.util.Collection<String> allowed) {
    if (!(scalar instanceof ScalarNode s) || !(s.value() instanceof String written)) {
      return null;
    }
    List<String> same = allowed.stream().filter(a -> a.equalsIgnoreCase(written)).toList();
    return same.size() == 1 ? scalar("write " + same.get(0), scalar, same.get(0)) : null;
  }

  /** One scalar's new value; null when the scalar was not read from a text. */
  public static Fix scalar(String title, Node scalar, String value) {
    SourcePosition at = scalar.position();
    return at == null || !at.inText() ? null : new Fix(title, List.of(new ScalarEdit(at, value)));
  }
}
