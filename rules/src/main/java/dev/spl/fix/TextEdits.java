package dev.spl.fix;

import dev.spl.load.ScalarLocator;
import dev.spl.model.Fix;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Turns a rule's {@link Fix} into edits of the text the scalars were read from, and applies edits.
 * Only the scalars change: comments, key order, indentation and line endings around them stay as
 * written. A scalar keeps its quotes; a plain one is quoted only where Kubernetes would otherwise
 * read the new value as a number, boolean or null.
 */
public final class TextEdits {
  private TextEdits() {}

  /**
   * The edits that make {@code fix} in {@code text} (the content of {@code file}); empty when a
   * scalar is not where the fix says (the file changed) or is a block scalar.
   */
  public static List<TextEdit> of(Fix fix, String file, String text) {
    return of(fix, file, ScalarLocator.of(text));
  }

  /** As {@link #of(Fix, String, String)}, with the locator of the file's text, made once. */
  public static List<TextEdit> of(Fix fix, String file, ScalarLocator text) {
    List<TextEdit> out = new ArrayList<>();
    for (Fix.ScalarEdit e : fix.edits()) {
      if (!e.at().file().equals(file)) {
        return List.of();
      }
      Optional<ScalarLocator.Located> found = text.find(e.at().line(), e.at().column());
      if (found.isEmpty() || found.get().style() == ScalarLocator.Style.BLOCK) {
        return List.of();
      }
      ScalarLocator.Located s = found.get();
      if (e.ifWritten() != null && !e.ifWritten().equals(text.source(s.start(), s.end()))) {
        return List.of(); // written otherwise (007, 1e3): the string meant is not certain
      }
      out.add(
          new TextEdit(
              file,
              s.start(),
              s.end(),
              s.startLine(),
              s.startColumn(),
              s.endLine(),
              s.endColumn(),
              written(e.value(), s.style())));
    }
    for (Fix.MappingEdit m : fix.mappings()) {
      TextEdit edit = m.at().file().equals(file) ? rewritten(m, file, text) : null;
      if (edit == null) {
        return List.of();
      }
      out.add(edit);
    }
    return out;
  }

  /**
   * The edit that writes a block mapping again with {@code m}'s entries, at its indentation, each
   * value copied as written; null when the mapping is not where the fix says, is in flow style,
   * holds a comment (which would be lost) or a value that is not one line.
   */
  private static TextEdit rewritten(Fix.MappingEdit m, String file, ScalarLocator text) {
    Optional<ScalarLocator.Mapping> found = text.mapping(m.at().line(), m.at().column());
    if (found.isEmpty() || found.get().flow() || text.hasComment(found.get())) {
      return null;
    }
    ScalarLocator.Mapping block = found.get();
    int indent = block.startColumn() - 1;
    List<String> lines = new ArrayList<>();
    if (!render(
        m.entries(), indent, step(text.source(block.start(), block.end()), indent), text, lines)) {
      return null;
    }
    String replacement = String.join(text.lineEnding(), lines).substring(indent);
    return new TextEdit(
        file,
        block.start(),
        block.end(),
        block.startLine(),
        block.startColumn(),
        block.endLine(),
        block.endColumn(),
        replacement);
  }

  /** How far the block's nested lines are indented past it (2 when it has none). */
  private static int step(String block, int indent) {
    for (String line : block.split("\\R")) {
      int own = line.length() - line.stripLeading().length();
      if (!line.isBlank() && own > indent) {
        return own - indent;
      }
    }
    return 2;
  }

  private static boolean render(
      List<Fix.Entry> entries, int indent, int step, ScalarLocator text, List<String> lines) {
    for (Fix.Entry e : entries) {
      if (e.scalar() == null) {
        lines.add(" ".repeat(indent) + e.key() + ":");
        if (!render(e.nested(), indent + step, step, text, lines)) {
          return false;
        }
        continue;
      }
      Optional<ScalarLocator.Located> s = text.find(e.scalar().line(), e.scalar().column());
      if (s.isEmpty()
          || s.get().style() == ScalarLocator.Style.BLOCK
          || s.get().startLine() != s.get().endLine()) {
        return false;
      }
      lines.add(" ".repeat(indent) + e.key() + ": " + text.source(s.get().start(), s.get().end()));
    }
    return true;
  }

  /** {@code value} as a scalar of {@code style}, or double-quoted where plain would not do. */
  static String written(String value, ScalarLocator.Style style) {
    if (style == ScalarLocator.Style.SINGLE_QUOTED) {
      return "'" + value.replace("'", "''") + "'";
    }
    if (style == ScalarLocator.Style.PLAIN && isSafePlain(value)) {
      return value;
    }
    StringBuilder out = new StringBuilder("\"");
    value
        .codePoints()
        .forEach(
            c -> {
              switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                  if (c < 0x20) {
                    out.append(String.format("\\x%02x", c));
                  } else {
                    out.appendCodePoint(c);
                  }
                }
              }
            });
    return out.append('"').toString();
  }

  /**
   * True for a value that reads back as the same string when written plain, in block and flow
   * context alike: letters, digits and a few marks, not starting like an indicator, and not a
   * number, boolean or null to Kubernetes.
   */
  static boolean isSafePlain(String value) {
    if (value.isEmpty() || !value.matches("[A-Za-z0-9/][A-Za-z0-9._/+-]*")) {
      return false;
    }
    return ScalarLocator.staysStringWhenPlain(value);
  }

  /**
   * {@code text} with {@code edits} made; an edit that overlaps one before it (in text order) is
   * left out.
   */
  public static String apply(String text, List<TextEdit> edits) {
    List<TextEdit> sorted = new ArrayList<>(edits);
    sorted.sort(Comparator.comparingInt(TextEdit::start));
    StringBuilder out = new StringBuilder(text.length() + 64);
    int at = 0;
    for (TextEdit e : sorted) {
      if (e.start() < at) {
        continue;
      }
      out.append(text, at, e.start()).append(e.replacement());
      at = e.end();
    }
    return out.append(text, at, text.length()).toString();
  }
}
