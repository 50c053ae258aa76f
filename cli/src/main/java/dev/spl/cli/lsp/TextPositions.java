package dev.spl.cli.lsp;

import dev.spl.load.ScalarLocator;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * spl's positions (1-based lines, columns in code points) as the protocol's (0-based lines,
 * characters in UTF-16 code units, the protocol's default encoding), over one document's text.
 */
final class TextPositions {
  private final String text;
  private final int[] lineStarts;
  private final ScalarLocator scalars;

  TextPositions(String text) {
    this.text = text;
    this.scalars = ScalarLocator.of(text);
    int lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines++;
      }
    }
    lineStarts = new int[lines];
    int line = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lineStarts[line++] = i + 1;
      }
    }
  }

  /** The char offset of a 1-based line and code-point column, kept within its line. */
  int offset(int line, int column) {
    if (line < 1) {
      return 0;
    }
    if (line > lineStarts.length) {
      return text.length();
    }
    int start = lineStarts[line - 1];
    int end = lineEnd(line - 1);
    int at = start;
    for (int c = 1; c < column && at < end; c++) {
      at += Character.charCount(text.codePointAt(at));
    }
    return at;
  }

  /** The protocol position of a char offset. */
  Position position(int offset) {
    int line = 0;
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (lineStarts[mid] <= offset) {
        line = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return new Position(line, offset - lineStarts[line]);
  }

  /**
   * The range a finding at a 1-based line and column covers: the rest of its line up to a comment
   * (a key and its value), or the whole scalar that starts there when it runs over more lines.
   */
  Range rangeAt(int line, int column) {
    int start = offset(line, column);
    // a key's finding covers its value on the line too; a quoted scalar may run past the line
    int scalarEnd =
        ScalarLocator.find(text, line, column).map(ScalarLocator.Located::end).orElse(start);
    int end = Math.max(restOfLine(line, start), scalarEnd);
    return new Range(position(start), position(end));
  }

  private int restOfLine(int line, int start) {
    if (line < 1 || line > lineStarts.length) {
      return start;
    }
    int end = lineEnd(line - 1);
    for (int i = start; i + 1 < end; i++) { // a comment ends it; never looks past the line
      if (text.charAt(i) == ' ' && text.charAt(i + 1) == '#') {
        end = i;
        break;
      }
    }
    while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  private int lineEnd(int index) {
    int end = index + 1 < lineStarts.length ? lineStarts[index + 1] - 1 : text.length();
    return end > lineStarts[index] && text.charAt(end - 1) == '\r' ? end - 1 : end;
  }
}
