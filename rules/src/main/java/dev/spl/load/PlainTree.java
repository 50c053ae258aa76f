package dev.spl.load;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import dev.spl.model.SourcePosition;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns an object already decoded into plain Java values (maps, lists, strings, numbers, booleans,
 * null: what a JSON library gives) into the engine's tree, without writing it out as text and
 * parsing it again. Its values carry no line: every position is line 0 of {@code file} (see {@link
 * SourcePosition#inText}), which names the object rather than a file. Numbers become Long or
 * Double, as the YAML reader resolves them; limits are the YAML reader's.
 */
final class PlainTree {
  private final SourcePosition at;
  private final LoadLimits limits;
  private int nodes;

  PlainTree(String file, LoadLimits limits) {
    this.at = new SourcePosition(file, 0, 0);
    this.limits = limits;
  }

  /** The tree, or a load problem when the value breaks a limit or holds a non-plain value. */
  ParsedDocument convert(Object value) {
    try {
      return new ParsedDocument(node(value, 0), List.of());
    } catch (Refused refused) {
      return new ParsedDocument(null, List.of(refused.problem()));
    }
  }

  private Node node(Object value, int depth) {
    if (++nodes > limits.maxNodesPerDocument()) {
      throw new Refused(
          at,
          LoadMessages.TOO_MANY_VALUES,
          "what",
          "object",
          "limit",
          limits.maxNodesPerDocument(),
          "hint",
          "");
    }
    if (depth > limits.maxDepth()) {
      throw new Refused(at, LoadMessages.TOO_DEEP, "what", "object", "limit", limits.maxDepth());
    }
    if (value instanceof Map<?, ?> map) {
      List<MapNode.Entry> entries = new ArrayList<>(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        entries.add(
            new MapNode.Entry(String.valueOf(e.getKey()), at, node(e.getValue(), depth + 1)));
      }
      return new MapNode(at, entries);
    }
    if (value instanceof List<?> list) {
      List<Node> items = new ArrayList<>(list.size());
      for (Object item : list) {
        items.add(node(item, depth + 1));
      }
      return new ListNode(at, items);
    }
    return new ScalarNode(at, scalar(value));
  }

  private Object scalar(Object value) {
    if (value == null || value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Long || value instanceof Double) {
      return value;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger big) {
      // Beyond 64 bits the YAML reader falls back to a float, as go-yaml does.
      return big.bitLength() < 64 ? (Object) big.longValue() : (Object) big.doubleValue();
    }
    if (value instanceof BigDecimal || value instanceof Float) {
      return ((Number) value).doubleValue();
    }
    throw new Refused(at, LoadMessages.NOT_JSON, "type", value.getClass().getSimpleName());
  }
}
