package dev.spl.load;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.MappingEndEvent;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.events.SequenceEndEvent;
import org.snakeyaml.engine.v2.events.SequenceStartEvent;
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

  /**
   * One block or flow mapping as written: from its first key to the end of the last scalar in it
   * (char offsets into the whole text, end exclusive; lines and columns 1-based, in code points).
   */
  public record Mapping(
      int start,
      int end,
      int startLine,
      int startColumn,
      int endLine,
      int endColumn,
      boolean flow) {}

  /** One chunk's scalars and mappings, each by (line in chunk, column), 0-based. */
  private record Parsed(Map<Long, Located> scalars, Map<Long, Mapping> mappings) {}

  private final String text;
  private final List<DocumentChunk> chunks;
  private final int[] chunkStarts; // each chunk's char offset in the text
  // per chunk, parsed once when first asked
  private final Map<Integer, Parsed> parsed = new HashMap<>();

  private ScalarLocator(String text) {
    this.text = text;
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
    return at(line, column, Parsed::scalars);
  }

  /** The mapping whose first key starts at {@code line}:{@code column}, if one does. */
  public Optional<Mapping> mapping(int line, int column) {
    return at(line, column, Parsed::mappings);
  }

  /** What starts at {@code line}:{@code column} among {@code which} of its chunk, if anything. */
  private <T> Optional<T> at(
      int line, int column, java.util.function.Function<Parsed, Map<Long, T>> which) {
    int chunk = chunkOf(line);
    if (chunk < 0) {
      return Optional.empty();
    }
    int wanted = line - 1 - chunks.get(chunk).firstLine();
    return Optional.ofNullable(
        which.apply(parsed.computeIfAbsent(chunk, this::parse)).get(key(wanted, column - 1)));
  }

  /**
   * True when a comment is written inside {@code mapping}: a '#' that is no scalar's and starts the
   * line or follows a space.
   */
  public boolean hasComment(Mapping mapping) {
    int from = mapping.start();
    int to = mapping.end();
    List<int[]> inside = new java.util.ArrayList<>();
    int chunk = chunkOf(mapping.startLine());
    for (Located s : parsed.computeIfAbsent(chunk, this::parse).scalars().values()) {
      if (s.start() < to && s.end() > from) {
        inside.add(new int[] {s.start(), s.end()});
      }
    }
    for (int i = from; i < to; i++) {
      int at = i;
      if (text.charAt(i) == '#'
          && (i == 0 || Character.isWhitespace(text.charAt(i - 1)))
          && inside.stream().noneMatch(r -> r[0] <= at && at < r[1])) {
        return true;
      }
    }
    return false;
  }

  /** The text from {@code from} to {@code to} (char offsets), as written. */
  public String source(int from, int to) {
    return text.substring(from, to);
  }

  /** The line ending the text uses: CRLF when it has one, LF otherwise. */
  public String lineEnding() {
    return text.contains("\r\n") ? "\r\n" : "\n";
  }

  /** The chunk holding 1-based {@code line}: the last one starting at or before it, or -1. */
  private int chunkOf(int line) {
    int chunk = -1;
    for (int lo = 0, hi = chunks.size() - 1; lo <= hi; ) {
      int mid = (lo + hi) >>> 1;
      if (chunks.get(mid).firstLine() <= line - 1) {
        chunk = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return chunk;
  }

  private static long key(int line, int column) {
    return ((long) line << 32) | (column & 0xffffffffL);
  }

  /**
   * Turns a chunk's marks (code-point indexes) into char offsets in the whole text, walking on from
   * the last one asked: the parser's events come in text order, so a chunk is walked once (from its
   * start each time, a long document would cost its length per scalar).
   */
  private static final class Offsets {
    private final String body;
    private final int chunkStart;
    private int codePoints; // the code-point index reached
    private int chars; // and its char offset in body

    Offsets(String body, int chunkStart) {
      this.body = body;
      this.chunkStart = chunkStart;
    }

    int of(Mark mark) {
      int index = mark.getIndex();
      if (index < codePoints) {
        codePoints = 0;
        chars = 0;
      }
      chars = body.offsetByCodePoints(chars, index - codePoints);
      codePoints = index;
      return chunkStart + chars;
    }
  }

  /**
   * A collection being read: where it starts and where its last scalar so far ends (the marks and
   * their offsets in the text, taken when the parser passed them).
   */
  private static final class Open {
    final boolean mapping;
    final boolean flow;
    final Mark start;
    final int startOffset;
    Mark lastEnd;
    int lastEndOffset;

    Open(boolean mapping, boolean flow, Mark start, int startOffset) {
      this.mapping = mapping;
      this.flow = flow;
      this.start = start;
      this.startOffset = startOffset;
    }
  }

  /**
   * Every scalar and mapping of one chunk; those before a syntax error when the chunk no longer
   * parses.
   */
  private Parsed parse(int index) {
    DocumentChunk chunk = chunks.get(index);
    String body = chunk.text();
    int chunkStart = chunkStarts[index];
    Map<Long, Located> found = new HashMap<>();
    Map<Long, Mapping> mappings = new HashMap<>();
    java.util.ArrayDeque<Open> open = new java.util.ArrayDeque<>();
    Offsets offsets = new Offsets(body, chunkStart);
    LoadSettings settings = LoadSettings.builder().setUseMarks(true).build();
    try {
      for (Event e : new Parse(settings).parseString(body)) {
        if (e instanceof MappingStartEvent m && m.getStartMark().isPresent()) {
          open.push(
              new Open(
                  true, m.isFlow(), m.getStartMark().get(), offsets.of(m.getStartMark().get())));
        } else if (e instanceof SequenceStartEvent q && q.getStartMark().isPresent()) {
          open.push(
              new Open(
                  false, q.isFlow(), q.getStartMark().get(), offsets.of(q.getStartMark().get())));
        } else if ((e instanceof MappingEndEvent || e instanceof SequenceEndEvent)
            && !open.isEmpty()) {
          Open done = open.pop();
          if (done.mapping && done.lastEnd != null) {
            mappings.put(
                key(done.start.getLine(), done.start.getColumn()),
                new Mapping(
                    done.startOffset,
                    done.lastEndOffset,
                    chunk.firstLine() + done.start.getLine() + 1,
                    done.start.getColumn() + 1,
                    chunk.firstLine() + done.lastEnd.getLine() + 1,
                    done.lastEnd.getColumn() + 1,
                    done.flow));
          }
          if (!open.isEmpty() && done.lastEnd != null) {
            open.peek().lastEnd = done.lastEnd;
            open.peek().lastEndOffset = done.lastEndOffset;
          }
        }
        if (!(e instanceof ScalarEvent s)
            || s.getStartMark().isEmpty()
            || s.getEndMark().isEmpty()) {
          continue;
        }
        Mark from = s.getStartMark().get();
        Mark to = s.getEndMark().get();
        int start = offsets.of(from);
        int end = offsets.of(to);
        if (!open.isEmpty()) {
          open.peek().lastEnd = to;
          open.peek().lastEndOffset = end;
        }
        found.put(
            key(from.getLine(), from.getColumn()),
            new Located(
                start,
                end,
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
    return new Parsed(found, mappings);
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
