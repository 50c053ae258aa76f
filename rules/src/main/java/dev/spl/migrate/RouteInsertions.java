package dev.spl.migrate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The given HTTPRoutes as their files are, with each rule's new sessionPersistence written in as
 * text, as {@code lint --fix} edits files: comments, spacing, quoting and key order stay byte for
 * byte, and only the inserted lines are new. A rule written in flow style ({@code {matches: ...}})
 * or one whose position the parser did not give is not edited as text: then the routes are written
 * out from their parsed trees instead (comments kept, spacing not).
 */
final class RouteInsertions {
  private RouteInsertions() {}

  /** sessionPersistence, written on {@code rule}. */
  record Insertion(MappingNode rule, MappingNode persistence) {}

  private record Edit(int offset, String text) {}

  /**
   * The texts of {@code routes} (parsed as {@code perSource}) with the insertions written in, one
   * per file; null when one cannot be written as text.
   */
  static List<String> apply(
      List<IngressNginxMigration.Source> routes,
      List<List<Node>> perSource,
      List<Insertion> insertions) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < routes.size(); i++) {
      String text = routes.get(i).text();
      Set<Node> nodes = Collections.newSetFromMap(new IdentityHashMap<>());
      perSource.get(i).forEach(d -> collect(d, nodes));
      List<Edit> edits = new ArrayList<>();
      for (Insertion ins : insertions) {
        if (nodes.contains(ins.rule())) {
          Edit edit = edit(text, ins);
          if (edit == null) {
            return null;
          }
          edits.add(edit);
        }
      }
      edits.sort(Comparator.comparingInt(Edit::offset).reversed());
      StringBuilder edited = new StringBuilder(text);
      for (Edit e : edits) {
        edited.insert(e.offset(), e.text());
      }
      out.add(edited.toString());
    }
    return out;
  }

  /** The files' texts one after another as the documents of one YAML stream. */
  static String joined(List<String> texts) {
    StringBuilder out = new StringBuilder();
    for (String text : texts) {
      if (!out.isEmpty() && !text.startsWith("---")) {
        out.append("---\n");
      }
      out.append(text);
      if (!text.isEmpty() && !text.endsWith("\n")) {
        out.append('\n');
      }
    }
    return out.toString();
  }

  /**
   * The rule's persistence as lines before its first key, at that key's column: the first line
   * takes the first key's place (after a list item's "- "), the key itself moves to the next line.
   */
  private static Edit edit(String text, Insertion ins) {
    MappingNode rule = ins.rule();
    if (rule.getFlowStyle() == FlowStyle.FLOW
        || rule.getStartMark().isEmpty()
        || text.startsWith("\uFEFF")) {
      return null;
    }
    List<NodeTuple> keys = rule.getValue();
    // the parser's marks count code points; the first key is where the mark says
    int codePoints = rule.getStartMark().get().getIndex();
    if (codePoints > text.codePointCount(0, text.length())) {
      return null;
    }
    int offset = text.offsetByCodePoints(0, codePoints);
    NodeTuple first =
        keys.stream()
            .filter(t -> t.getKeyNode().getStartMark().isPresent())
            .min(Comparator.comparingInt(t -> t.getKeyNode().getStartMark().get().getIndex()))
            .orElse(null);
    if (first == null
        || !(first.getKeyNode() instanceof ScalarNode key)
        || !text.startsWith(key.getValue(), offset)
        || first.getKeyNode().getStartMark().get().getIndex() != codePoints) {
      return null;
    }
    String newline = text.contains("\r\n") ? "\r\n" : "\n";
    String indent = " ".repeat(rule.getStartMark().get().getColumn());
    StringBuilder inserted = new StringBuilder("sessionPersistence:").append(newline);
    for (String line : YamlTree.emitAll(List.of(ins.persistence())).split("\n")) {
      if (!line.isBlank()) {
        inserted.append(indent).append("  ").append(line).append(newline);
      }
    }
    inserted.append(indent);
    return new Edit(offset, inserted.toString());
  }

  private static void collect(Node node, Set<Node> into) {
    into.add(node);
    if (node instanceof MappingNode m) {
      for (NodeTuple t : m.getValue()) {
        collect(t.getKeyNode(), into);
        collect(t.getValueNode(), into);
      }
    } else if (node instanceof SequenceNode s) {
      s.getValue().forEach(n -> collect(n, into));
    }
  }
}
