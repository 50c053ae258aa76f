package dev.spl.load;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of one YAML document and the line it starts on (0-based). A line that starts with {@code
 * ---} or {@code ...} followed by a space or its end is a document marker wherever it appears (YAML
 * 1.2 §9.1.4 forbids such lines inside content), so splitting there is exact.
 */
record DocumentChunk(String text, int firstLine) {

  static List<DocumentChunk> split(String stream) {
    List<DocumentChunk> chunks = new ArrayList<>();
    int chunkStart = 0;
    int chunkLine = 0;
    int line = 0;
    int lineStart = 0;
    int length = stream.length();
    while (lineStart < length) {
      int lineEnd = stream.indexOf('\n', lineStart);
      int next = lineEnd < 0 ? length : lineEnd + 1;
      if (isMarker(stream, lineStart, "---")) {
        if (lineStart > chunkStart) {
          chunks.add(new DocumentChunk(stream.substring(chunkStart, lineStart), chunkLine));
        }
        chunkStart = lineStart; // "--- value" keeps its content in the new chunk
        chunkLine = line;
      } else if (isMarker(stream, lineStart, "...")) {
        chunks.add(new DocumentChunk(stream.substring(chunkStart, lineStart), chunkLine));
        chunkStart = next;
        chunkLine = line + 1;
      }
      lineStart = next;
      line++;
    }
    if (chunkStart < length) {
      chunks.add(new DocumentChunk(stream.substring(chunkStart), chunkLine));
    }
    return chunks;
  }

  private static boolean isMarker(String s, int at, String marker) {
    if (!s.startsWith(marker, at)) {
      return false;
    }
    int after = at + 3;
    if (after >= s.length()) {
      return true;
    }
    char c = s.charAt(after);
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
}
