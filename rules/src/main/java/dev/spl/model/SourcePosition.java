package dev.spl.model;

/**
 * Where something is in the input: the file as the user named it (or {@code <stdin>}), and a
 * 1-based line and column. Line 0 means the object was not read from text (a live cluster's object,
 * named like {@code HTTPRoute shop/cart}): it has a name, not a place in a file.
 */
public record SourcePosition(String file, int line, int column)
    implements Comparable<SourcePosition> {

  /** Line and column in one long: trees keep that instead of an object per node. */
  long packed() {
    return ((long) line << 32) | (column & 0xffffffffL);
  }

  static SourcePosition unpack(String file, long packed) {
    return new SourcePosition(file, (int) (packed >>> 32), (int) packed);
  }

  @Override
  public int compareTo(SourcePosition other) {
    int byFile = file.compareTo(other.file);
    if (byFile != 0) {
      return byFile;
    }
    int byLine = Integer.compare(line, other.line);
    return byLine != 0 ? byLine : Integer.compare(column, other.column);
  }

  /** True when this is a place in a text, false for an object named without one (line 0). */
  public boolean inText() {
    return line > 0;
  }

  @Override
  public String toString() {
    return inText() ? file + ":" + line + ":" + column : file;
  }
}
