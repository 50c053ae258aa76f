package dev.spl.model;

import java.util.List;

/**
 * A repair spl is sure of, made by the rule that found the problem: each edit writes a new value
 * over one scalar of the input, or writes a block mapping again in another shape from the scalars
 * it holds. Where the scalars lie in the text, and how they are quoted, is found from their
 * positions when the fix is applied ({@code dev.spl.fix.TextEdits}), so a fix holds no text and a
 * rule needs none to make one.
 *
 * @param title what the fix does, for people and editors ("write 24h")
 * @param ifVersionNamed true when the fix is certain only if the Gateway API version the file was
 *     linted for was named (a flag, its .spl.yaml, CRDs in the input), not taken by default: which
 *     of two shapes is meant depends on it. The adapter that read the file knows, and drops the fix
 *     otherwise.
 */
public record Fix(
    String title, List<ScalarEdit> edits, List<MappingEdit> mappings, boolean ifVersionNamed) {
  /**
   * The scalar that starts at {@code at} gets {@code value}, a string; when {@code ifWritten} is
   * not null, only if the scalar is written exactly so (a number quoted as written, never as the
   * parser read it: {@code 007} is 7).
   */
  public record ScalarEdit(SourcePosition at, String value, String ifWritten) {
    public ScalarEdit(SourcePosition at, String value) {
      this(at, value, null);
    }
  }

  /**
   * The block mapping that starts at {@code at} is written again with {@code entries}, at its own
   * indentation: a reshaped object whose values are all copied as written.
   */
  public record MappingEdit(SourcePosition at, List<Entry> entries) {
    public MappingEdit {
      entries = List.copyOf(entries);
    }
  }

  /**
   * One key of a rewritten mapping: its value is the scalar written at {@code scalar}, copied as it
   * is written, or (scalar null) a block mapping of {@code nested}.
   */
  public record Entry(String key, SourcePosition scalar, List<Entry> nested) {
    public Entry {
      nested = List.copyOf(nested);
    }

    public static Entry copied(String key, SourcePosition scalar) {
      return new Entry(key, scalar, List.of());
    }

    public static Entry mapping(String key, List<Entry> nested) {
      return new Entry(key, null, nested);
    }
  }

  public Fix {
    edits = List.copyOf(edits);
    mappings = List.copyOf(mappings);
  }

  /** Scalar edits only. */
  public Fix(String title, List<ScalarEdit> edits) {
    this(title, edits, List.of(), false);
  }

  /** Scalar edits and reshaped mappings, certain whatever the version. */
  public Fix(String title, List<ScalarEdit> edits, List<MappingEdit> mappings) {
    this(title, edits, mappings, false);
  }

  /** This fix, certain whatever the version (what decides it is in sight). */
  public Fix certain() {
    return new Fix(title, edits, mappings, false);
  }

  /** This fix, certain only when the version was named (see {@link #ifVersionNamed}). */
  public Fix onlyIfVersionNamed() {
    return new Fix(title, edits, mappings, true);
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

  /**
   * A plain scalar written as {@code text} made the string {@code text}: the same characters,
   * quoted. Null when the scalar was not read from a text.
   */
  public static Fix quoted(String title, Node scalar, String text) {
    SourcePosition at = scalar.position();
    return at == null || !at.inText()
        ? null
        : new Fix(title, List.of(new ScalarEdit(at, text, text)));
  }

  /** One scalar's new value; null when the scalar was not read from a text. */
  public static Fix scalar(String title, Node scalar, String value) {
    SourcePosition at = scalar.position();
    return at == null || !at.inText() ? null : new Fix(title, List.of(new ScalarEdit(at, value)));
  }
}
