package dev.spl.model;

/**
 * Where something is in the input: the file as the user named it (or {@code <stdin>}), and a
 * 1-based line and column.
 */
public record SourcePosition(String file, int line, int column)
    implements Comparable<SourcePosition> {

  @Override
  public int compareTo(SourcePosition other) {
    int byFile = file.compareTo(other.file);
    if (byFile != 0) {
      return byFile;
    }
    int byLine = Integer.compare(line, other.line);
    return byLine != 0 ? byLine : Integer.compare(column, other.column);
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}
