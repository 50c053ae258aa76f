package dev.spl.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** A sequence. */
public final class ListNode implements Node {
  private final String file;
  private final long at; // packed, see ScalarNode
  private final Node[] items;

  public ListNode(SourcePosition position, List<Node> items) {
    this.file = position.file();
    this.at = position.packed();
    this.items = items.toArray(new Node[0]);
  }

  @Override
  public SourcePosition position() {
    return SourcePosition.unpack(file, at);
  }

  @Override
  public String typeName() {
    return "array";
  }

  public List<Node> items() {
    return Collections.unmodifiableList(Arrays.asList(items));
  }

  public int size() {
    return items.length;
  }

  public Node get(int index) {
    return items[index];
  }

  @Override
  public Object toPlain() {
    List<Object> plain = new ArrayList<>(items.length);
    for (Node n : items) {
      plain.add(n.toPlain());
    }
    return plain;
  }
}
