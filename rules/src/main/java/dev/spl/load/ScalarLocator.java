package dev.spl.load;

import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Finds, in the text a document was read from, the scalar that starts at a position spl reported:
 * where it ends and how it is quoted. The text is parsed again document by document, as {@link
 * YamlStreamReader} read it, so the positions are the same ones.
 */
public final class ScalarLocator {
  private ScalarLocator() {}

  /** How a scalar is written. */
  public enum Style {
    PLAIN,
    SINGLE_QUOTED,
    DOUBLE_QUOTED,
    /** A literal or folded block: never rewritten. */
    BLOCK
  }

  /**
   * One scalar as written: {@code start}..{@code end} are char offsets into the whole text (end
   * exclusive); lines and columns are 1-based, columns in code points, as in findings.
   */
  public record Located(
      int start,
      int end,
      int startLine,
      int startColumn,
      int endLine,
      int endColumn,
      Style style,
      String value) {}

  /** The scalar starting at {@code line}:{@code column} of {@code text}, if one does. */
  public static Optional<Located> find(String text, int line, int column) {
    DocumentChunk chunk = null;
    for (DocumentChunk c : DocumentChunk.split(text)) {
      if (c.firstLine() <= line - 1) {
        chunk = c;
      }
    }
    if (chunk == null) {
      return Optional.empty();
    }
    int chunkStart = offsetOfLine(text, chunk.firstLine());
    int wantedLine = line - 1 - chunk.firstLine();
    LoadSettings settings = LoadSettings.builder().setUseMarks(true).build();
    try {
      for (Event e : new Parse(settings).parseString(chunk.text())) {
        if (!(e instanceof ScalarEvent s)
            || s.getStartMark().isEmpty()
            || s.getEndMark().isEmpty()) {
          continue;
        }
        Mark from = s.getStartMark().get();
        if (from.getLine() > wantedLine) {
          return Optional.empty();
        }
        if (from.getLine() == wantedLine && from.getColumn() == column - 1) {
          Mark to = s.getEndMark().get();
          String body = chunk.text();
          return Optional.of(
              new Located(
                  chunkStart + body.offsetByCodePoints(0, from.getIndex()),
                  chunkStart + body.offsetByCodePoints(0, to.getIndex()),
                  line,
                  column,
                  chunk.firstLine() + to.getLine() + 1,
                  to.getColumn() + 1,
                  style(s.getScalarStyle()),
                  s.getValue()));
        }
      }
    } catch (YamlEngineException | IndexOutOfBoundsException e) {
      return Optional.empty(); // a document that no longer parses is not rewritten
    }
    return Optional.empty();
  }

  private static Style style(ScalarStyle s) {
    return switch (s) {
      case PLAIN -> Style.PLAIN;
      case SINGLE_QUOTED -> Style.SINGLE_QUOTED;
      case DOUBLE_QUOTED, JSON_SCALAR_STYLE -> Style.DOUBLE_QUOTED;
      default -> Style.BLOCK;
    };
  }

  /** True when {@code text} written plain is read back as this same string by Kubernetes. */
  public static boolean staysStringWhenPlain(String text) {
    return KubernetesScalars.resolvePlain(text) instanceof String s && s.equals(text);
  }

  private static int offsetOfLine(String text, int line) {
    int offset = 0;
    for (int i = 0; i < line; i++) {
      offset = text.indexOf('\n', offset) + 1;
    }
    return offset;
  }
}
