package dev.spl.migrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.api.lowlevel.Present;
import org.snakeyaml.engine.v2.api.lowlevel.Serialize;
import org.snakeyaml.engine.v2.comments.CommentLine;
import org.snakeyaml.engine.v2.comments.CommentType;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * YAML documents as snakeyaml-engine node trees, read and written with their comments, key order
 * and scalar styles, so that a migration edits a user's manifests without rewriting them.
 */
final class YamlTree {
  private YamlTree() {}

  static List<Node> parseAll(String text) {
    List<Node> out = new ArrayList<>();
    LoadSettings settings = LoadSettings.builder().setParseComments(true).build();
    for (Node n : new Compose(settings).composeAllFromString(text)) {
      out.add(n);
    }
    return out;
  }

  /** A parser error as people read it: {@code 3:7: mapping values are not allowed here}. */
  static String describe(RuntimeException e) {
    if (e instanceof org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException m
        && m.getProblemMark().isPresent()) {
      var mark = m.getProblemMark().get();
      return (mark.getLine() + 1) + ":" + (mark.getColumn() + 1) + ": " + m.getProblem();
    }
    return e.getMessage();
  }

  static String emitAll(List<Node> documents) {
    DumpSettings settings =
        DumpSettings.builder()
            .setDumpComments(true)
            .setDefaultFlowStyle(FlowStyle.BLOCK)
            .setWidth(120)
            .build();
    return new Present(settings)
        .emitToString(new Serialize(settings).serializeAll(documents).iterator());
  }

  static Node get(Node node, String key) {
    if (node instanceof MappingNode map) {
      for (NodeTuple t : map.getValue()) {
        if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
          return t.getValueNode();
        }
      }
    }
    return null;
  }

  static String text(Node node, String key) {
    return get(node, key) instanceof ScalarNode s ? s.getValue() : null;
  }

  static List<Node> items(Node node, String key) {
    return get(node, key) instanceof SequenceNode seq ? seq.getValue() : List.of();
  }

  /** Sets {@code key} on {@code map}: replaced in place, else appended after the last key. */
  static void put(MappingNode map, String key, Node value) {
    List<NodeTuple> tuples = new ArrayList<>(map.getValue());
    for (int i = 0; i < tuples.size(); i++) {
      if (tuples.get(i).getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        tuples.set(i, new NodeTuple(k, value));
        map.setValue(tuples);
        return;
      }
    }
    tuples.add(new NodeTuple(string(key), value));
    map.setValue(tuples);
  }

  /** Removes {@code key} from {@code map}, if it is there. */
  static void remove(MappingNode map, String key) {
    List<NodeTuple> tuples = new ArrayList<>(map.getValue());
    tuples.removeIf(t -> t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key));
    map.setValue(tuples);
  }

  static ScalarNode string(String value) {
    return new ScalarNode(Tag.STR, value, ScalarStyle.PLAIN);
  }

  /** A string that stays one whatever it spells ("true", "3600"): double-quoted. */
  static ScalarNode quoted(String value) {
    return new ScalarNode(Tag.STR, value, ScalarStyle.DOUBLE_QUOTED);
  }

  static ScalarNode integer(long value) {
    return new ScalarNode(Tag.INT, Long.toString(value), ScalarStyle.PLAIN);
  }

  /** A block mapping of alternating keys and values (String or Node). */
  static MappingNode map(Object... keysAndValues) {
    List<NodeTuple> tuples = new ArrayList<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      Object v = keysAndValues[i + 1];
      if (v != null) {
        tuples.add(
            new NodeTuple(
                string((String) keysAndValues[i]), v instanceof Node n ? n : string((String) v)));
      }
    }
    return new MappingNode(Tag.MAP, tuples, FlowStyle.BLOCK);
  }

  static SequenceNode seq(List<? extends Node> items) {
    return new SequenceNode(Tag.SEQ, new ArrayList<>(items), FlowStyle.BLOCK);
  }

  static void comment(Node node, String... lines) {
    List<CommentLine> comments =
        new ArrayList<>(node.getBlockComments() == null ? List.of() : node.getBlockComments());
    for (String line : lines) {
      comments.add(
          new CommentLine(Optional.empty(), Optional.empty(), " " + line, CommentType.BLOCK));
    }
    node.setBlockComments(comments);
  }
}
