package dev.spl.load;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * YamlStreamReader} read it, so the positions are the same ones; one locator serves every scalar
 * asked of one text.
 */
public final class ScalarLocator {
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

  private final List<DocumentChunk> chunks;
  private final int[] chunkStarts; // each chunk's char offset in the text
  // per chunk, parsed once when first asked: its scalars by (line in chunk, column), 0-based
  private final Map<Integer, Map<Long, Located>> scalars = new HashMap<>();

  private ScalarLocator(String text) {
    chunks = DocumentChunk.split(text);
    chunkStarts = new int[chunks.size()];
    int line = 0;
    int offset = 0;
    for (int i = 0; i < chunks.size(); i++) {
      for (; line < chunks.get(i).firstLine(); line++) {
        offset = text.indexOf('\n', offset) + 1;
      }
      chunkStarts[i] = offset;
    }
  }

  /**
   * A locator over {@code text}: the text is split into documents once, and each document is parsed
   * once, when a scalar in it is first asked for, so finding many scalars stays linear.
   */
  public static ScalarLocator of(String text) {
    return new ScalarLocator(text);
  }

  /** The scalar starting at {@code line}:{@code column} of {@code text}, if one does. */
  public static Optional<Located> find(String text, int line, int column) {
    return of(text).find(line, column);
  }

  /** The scalar starting at the 1-based {@code line} and code-point {@code column}, if one does. */
  public Optional<Located> find(int line, int column) {
    int chunk = -1;
    for (int lo = 0, hi = chunks.size() - 1; lo <= hi; ) { // the last chunk starting at or before
      int mid = (lo + hi) >>> 1;
      if (chunks.get(mid).firstLine() <= line - 1) {
        chunk = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (chunk < 0) {
      return Optional.empty();
    }
    int wanted = line - 1 - chunks.get(chunk).firstLine();
    return Optional.ofNullable(
        scalars.computeIfAbsent(chunk, this::parse).get(key(wanted, column - 1)));
  }

  private static long key(int line, int column) {
    return ((long) line << 32) | (column & 0xffffffffL);
  }

  /** Every scalar of one chunk; those before a syntax error when the chunk no longer parses. */
  private Map<Long, Located> parse(int index) {
    DocumentChunk chunk = chunks.get(index);
    String body = chunk.text();
    int chunkStart = chunkStarts[index];
    Map<Long, Located> found = new HashMap<>();
    LoadSettings settings = LoadSettings.builder().setUseMarks(true).build();
    try {
      for (Event e : new Parse(settings).parseString(body)) {
        if (!(e instanceof ScalarEvent s)
            || s.getStartMark().isEmpty()
            || s.getEndMark().isEmpty()) {
          continue;
        }
        Mark from = s.getStartMark().get();
        Mark to = s.getEndMark().get();
        found.put(
            key(from.getLine(), from.getColumn()),
            new Located(
                chunkStart + body.offsetByCodePoints(0, from.getIndex()),
                chunkStart + body.offsetByCodePoints(0, to.getIndex()),
                chunk.firstLine() + from.getLine() + 1,
                from.getColumn() + 1,
                chunk.firstLine() + to.getLine() + 1,
                to.getColumn() + 1,
                style(s.getScalarStyle()),
                s.getValue()));
      }
    } catch (YamlEngineException | IndexOutOfBoundsException e) {
      // the rest of a document that no longer parses is not rewritten
    }
    return found;
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
}
