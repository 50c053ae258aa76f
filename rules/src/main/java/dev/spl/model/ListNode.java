package dev.spl.model;

import java.util.ArrayList;
import java.util.List;

/** A sequence. */
public final class ListNode implements Node {
  private final SourcePosition position;
  private final List<Node> items;

  public ListNode(SourcePosition position, List<Node> items) {
    this.position = position;
    this.items = items;
  }

  @Override
  public SourcePosition position() {
    return position;
  }

  @Override
  public String typeName() {
    return "array";
  }

  public List<Node> items() {
    return items;
  }

  public int size() {
    return items.size();
  }

  public Node get(int index) {
    return items.get(index);
  }

  @Override
  public Object toPlain() {
    List<Object> plain = new ArrayList<>(items.size());
    for (Node n : items) {
      plain.add(n.toPlain());
    }
    return plain;
  }
}
