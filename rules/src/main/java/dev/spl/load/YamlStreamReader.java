package dev.spl.load;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import dev.spl.model.SharedStrings;
import dev.spl.model.SourcePosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.ConstructNode;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionEndEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.Schema;

/**
 * Reads a YAML (or JSON) stream into positioned documents. The stream is split at document markers
 * first, so that a syntax error in one document is reported and the documents after it are still
 * read: the parser itself cannot resume after an error.
 */
public final class YamlStreamReader {
  /** Tag given to plain, untagged scalars so that we resolve them with the Kubernetes rules. */
  private static final Tag PLAIN = new Tag("tag:spl.dev,2026:plain");

  private static final Schema RAW_SCHEMA =
      new Schema() {
        @Override
        public org.snakeyaml.engine.v2.resolver.ScalarResolver getScalarResolver() {
          return (value, implicit) -> Boolean.TRUE.equals(implicit) ? PLAIN : Tag.STR;
        }

        @Override
        public Map<Tag, ConstructNode> getSchemaTagConstructors() {
          return Map.of();
        }
      };

  private static final int MAX_SHARED_KEYS = 4096;

  private final LoadLimits limits;
  private final LoadSettings settings;
  // Keys are few in any real input; generated ones past the cap are simply not shared.
  private final SharedStrings keys = new SharedStrings(MAX_SHARED_KEYS);

  public YamlStreamReader(LoadLimits limits) {
    this.limits = limits;
    this.settings =
        LoadSettings.builder()
            .setSchema(RAW_SCHEMA)
            .setUseMarks(true)
            .setAllowDuplicateKeys(true) // we report duplicates ourselves, with both positions
            .setMaxAliasesForCollections(limits.maxAliases())
            .setCodePointLimit(limits.maxDocumentChars() + 1024)
            .build();
  }

  /** Parses every document of {@code text}; {@code file} is the name findings will carry. */
  public List<ParsedDocument> read(String file, String text) {
    List<ParsedDocument> documents = new ArrayList<>();
    for (DocumentChunk chunk : DocumentChunk.split(text)) {
      documents.add(readChunk(file, chunk));
    }
    return documents;
  }

  private ParsedDocument readChunk(String file, DocumentChunk chunk) {
    List<LoadProblem> problems = new ArrayList<>();
    SourcePosition start = new SourcePosition(file, chunk.firstLine() + 1, 1);
    if (chunk.text().length() > limits.maxDocumentChars()) {
      problems.add(
          LoadProblem.syntax(
              start,
              LoadMessages.TOO_LARGE,
              "size",
              String.format("%.1f", chunk.text().length() / 1048576.0),
              "limit",
              limits.maxDocumentChars() / 1048576));
      return new ParsedDocument(null, problems);
    }
    Optional<org.snakeyaml.engine.v2.nodes.Node> composed;
    try {
      composed = new Compose(settings).composeString(chunk.text());
    } catch (MarkedYamlEngineException e) {
      problems.add(syntaxError(positionOf(file, chunk, e), describe(e)));
      return new ParsedDocument(null, problems);
    } catch (YamlEngineException e) {
      // The composer's unmarked errors: a mapping or list used as a key (an unquoted Go template,
      // `version: {{ .Tag }}`) is placed at that key, found in the parser's events.
      SourcePosition at =
          e.getMessage() != null && e.getMessage().contains("Non scalar key")
              ? nonScalarKeyPosition(file, chunk).orElse(start)
              : start;
      problems.add(
          syntaxError(
              at,
              at == start
                  ? cleanMessage(e.getMessage())
                  : "a mapping or list is used as a key (an unquoted {{ }} template?); Kubernetes"
                      + " keys are strings"));
      return new ParsedDocument(null, problems);
    } catch (StackOverflowError e) {
      problems.add(
          LoadProblem.syntax(
              start, LoadMessages.TOO_DEEP, "what", "document", "limit", limits.maxDepth()));
      return new ParsedDocument(null, problems);
    } catch (IllegalArgumentException e) {
      // snakeyaml-engine's composer throws this, unmarked, for a tag that decodes with outer
      // spaces (`!<x%20>`); the parser's events still carry the tag's position.
      problems.add(
          syntaxError(
              spacedTagPosition(file, chunk).orElse(start),
              cleanMessage("invalid tag: " + e.getMessage())));
      return new ParsedDocument(null, problems);
    }
    if (composed.isEmpty()) {
      return new ParsedDocument(null, problems);
    }
    try {
      Converter converter = new Converter(file, chunk.firstLine(), problems);
      return new ParsedDocument(converter.convert(composed.get(), 0), problems);
    } catch (Refused e) {
      problems.add(e.problem());
      return new ParsedDocument(null, problems);
    }
  }

  private static SourcePosition positionOf(
      String file, DocumentChunk chunk, MarkedYamlEngineException e) {
    Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
    return mark.map(
            m -> new SourcePosition(file, chunk.firstLine() + m.getLine() + 1, m.getColumn() + 1))
        .orElse(new SourcePosition(file, chunk.firstLine() + 1, 1));
  }

  private Optional<SourcePosition> spacedTagPosition(String file, DocumentChunk chunk) {
    try {
      for (Event event : new Parse(settings).parseString(chunk.text())) {
        Optional<String> tag =
            event instanceof ScalarEvent scalar
                ? scalar.getTag()
                : event instanceof CollectionStartEvent collection
                    ? collection.getTag()
                    : Optional.empty();
        if (tag.isPresent() && !tag.get().equals(tag.get().strip())) {
          return startOf(file, chunk, event);
        }
      }
    } catch (RuntimeException e) {
      // Unreadable past this point: the document start is the best position left.
    }
    return Optional.empty();
  }

  /** Where the first mapping or sequence that stands as a mapping's key starts. */
  private Optional<SourcePosition> nonScalarKeyPosition(String file, DocumentChunk chunk) {
    // One entry per open collection: true for a mapping whose next node is a key.
    java.util.ArrayDeque<boolean[]> open = new java.util.ArrayDeque<>();
    try {
      for (Event event : new Parse(settings).parseString(chunk.text())) {
        boolean[] top = open.peek();
        if (event instanceof CollectionStartEvent) {
          if (top != null && top[0] && top[1]) {
            return startOf(file, chunk, event);
          }
          open.push(new boolean[] {event instanceof MappingStartEvent, true});
        } else if (event instanceof CollectionEndEvent) {
          open.pop();
          toggle(open.peek());
        } else if (event instanceof ScalarEvent || event instanceof AliasEvent) {
          toggle(top);
        }
      }
    } catch (RuntimeException e) {
      // Unreadable past this point: the document start is the best position left.
    }
    return Optional.empty();
  }

  /** Where {@code event} starts, in the file's lines. */
  private static Optional<SourcePosition> startOf(String file, DocumentChunk chunk, Event event) {
    return event
        .getStartMark()
        .map(m -> new SourcePosition(file, chunk.firstLine() + m.getLine() + 1, m.getColumn() + 1));
  }

  /** A node of a mapping was read: a key's value comes next, or the next key. */
  private static void toggle(boolean[] collection) {
    if (collection != null && collection[0]) {
      collection[1] = !collection[1];
    }
  }

  /** The parser's own words, without its snippet and mark lines (we print the position). */
  private static String describe(MarkedYamlEngineException e) {
    String problem = e.getProblem() == null ? "" : e.getProblem();
    String context = e.getContext() == null ? "" : e.getContext();
    String text = context.isEmpty() ? problem : context + ": " + problem;
    return cleanMessage(text.isEmpty() ? e.getMessage() : text);
  }

  /** The first line of the parser's message (the rest is its snippet of the text). */
  private static String cleanMessage(String message) {
    return message == null ? "unreadable YAML" : message.strip().split("\n", 2)[0];
  }

  private static LoadProblem syntaxError(SourcePosition at, String problem) {
    return LoadProblem.syntax(at, LoadMessages.SYNTAX_ERROR, "problem", problem);
  }

  /** Turns the parser's node tree into ours, resolving scalars and checking limits. */
  private final class Converter {
    private final String file;
    private final int lineOffset;
    private final List<LoadProblem> problems;
    private int nodes;

    Converter(String file, int lineOffset, List<LoadProblem> problems) {
      this.file = file;
      this.lineOffset = lineOffset;
      this.problems = problems;
    }

    Node convert(org.snakeyaml.engine.v2.nodes.Node node, int depth) {
      SourcePosition at = at(node);
      if (++nodes > limits.maxNodesPerDocument()) {
        throw new Refused(
            at,
            LoadMessages.TOO_MANY_VALUES,
            "what",
            "document",
            "limit",
            limits.maxNodesPerDocument(),
            "hint",
            " (alias expansion?)");
      }
      if (depth > limits.maxDepth()) {
        throw new Refused(
            at, LoadMessages.TOO_DEEP, "what", "document", "limit", limits.maxDepth());
      }
      if (node instanceof MappingNode mapping) {
        List<MapNode.Entry> entries = new ArrayList<>(mapping.getValue().size());
        Map<String, Integer> index = new HashMap<>(); // key -> position in entries
        List<MapNode> merged = new ArrayList<>();
        for (NodeTuple tuple : mapping.getValue()) {
          org.snakeyaml.engine.v2.nodes.Node keyNode = tuple.getKeyNode();
          SourcePosition keyAt = at(keyNode);
          String key = keyText(keyNode);
          if (key == null) {
            problems.add(syntaxError(keyAt, "a mapping key must be a scalar"));
            continue;
          }
          if (isMergeKey(keyNode)) {
            merge(tuple.getValueNode(), keyAt, depth, merged);
            continue;
          }
          Integer seen = index.putIfAbsent(key, entries.size());
          if (seen != null) {
            SourcePosition previous = entries.get(seen).keyPosition();
            problems.add(LoadProblem.duplicateKey(keyAt, key, previous));
          }
          MapNode.Entry entry =
              new MapNode.Entry(key, keyAt, convert(tuple.getValueNode(), depth + 1));
          if (seen == null) {
            entries.add(entry);
          } else {
            entries.set(
                seen, entry); // the last value wins, in the first one's place, as go-yaml does
          }
        }
        // Merge keys (YAML 1.1, which Kubernetes' reader follows): a key written here wins, and
        // among merged mappings the first wins. Merged values keep the position they were
        // written at, under the anchor.
        for (MapNode source : merged) {
          for (MapNode.Entry e : source.entries()) {
            if (index.putIfAbsent(e.key(), entries.size()) == null) {
              entries.add(e);
            }
          }
        }
        return new MapNode(at, entries);
      }
      if (node instanceof SequenceNode sequence) {
        List<Node> items = new ArrayList<>(sequence.getValue().size());
        for (org.snakeyaml.engine.v2.nodes.Node item : sequence.getValue()) {
          items.add(convert(item, depth + 1));
        }
        return new ListNode(at, items);
      }
      org.snakeyaml.engine.v2.nodes.ScalarNode scalar =
          (org.snakeyaml.engine.v2.nodes.ScalarNode) node;
      return new ScalarNode(at, scalarValue(scalar));
    }

    /** {@code <<} written plain (a quoted "<<" is an ordinary key). */
    private boolean isMergeKey(org.snakeyaml.engine.v2.nodes.Node keyNode) {
      return keyNode instanceof org.snakeyaml.engine.v2.nodes.ScalarNode s
          && s.getValue().equals("<<")
          && s.isPlain();
    }

    private void merge(
        org.snakeyaml.engine.v2.nodes.Node value,
        SourcePosition keyAt,
        int depth,
        List<MapNode> merged) {
      List<org.snakeyaml.engine.v2.nodes.Node> sources =
          value instanceof SequenceNode seq ? seq.getValue() : List.of(value);
      for (org.snakeyaml.engine.v2.nodes.Node source : sources) {
        if (source instanceof MappingNode) {
          merged.add((MapNode) convert(source, depth + 1));
        } else {
          problems.add(syntaxError(keyAt, "a merge key (<<) takes a mapping or a list of them"));
        }
      }
    }

    private String keyText(org.snakeyaml.engine.v2.nodes.Node keyNode) {
      if (keyNode instanceof org.snakeyaml.engine.v2.nodes.ScalarNode s) {
        return keys.share(s.getValue());
      }
      return null;
    }

    private Object scalarValue(org.snakeyaml.engine.v2.nodes.ScalarNode scalar) {
      String text = scalar.getValue();
      Tag tag = scalar.getTag();
      if (PLAIN.equals(tag)) {
        return KubernetesScalars.resolvePlain(text);
      }
      if (Tag.INT.equals(tag)
          || Tag.FLOAT.equals(tag)
          || Tag.BOOL.equals(tag)
          || Tag.NULL.equals(tag)) {
        return KubernetesScalars.resolvePlain(text);
      }
      return text; // quoted, !!str, or a tag Kubernetes does not know: a string
    }

    private SourcePosition at(org.snakeyaml.engine.v2.nodes.Node node) {
      return node.getStartMark()
          .map(m -> new SourcePosition(file, lineOffset + m.getLine() + 1, m.getColumn() + 1))
          .orElse(new SourcePosition(file, lineOffset + 1, 1));
    }
  }
}
