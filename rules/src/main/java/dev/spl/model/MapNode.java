package dev.spl.model;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** A mapping; keeps the position of every key so findings can point at the key itself. */
public final class MapNode implements Node {

  /** One key of a mapping, where the key was written, and its value. */
  public record Entry(String key, SourcePosition keyPosition, Node value) {}

  private final SourcePosition position;
  private final Map<String, Entry> entries;

  public MapNode(SourcePosition position, Map<String, Entry> entries) {
    this.position = position;
    this.entries = entries;
  }

  @Override
  public SourcePosition position() {
    return position;
  }

  @Override
  public String typeName() {
    return "object";
  }

  public Collection<Entry> entries() {
    return entries.values();
  }

  public boolean has(String key) {
    return entries.containsKey(key);
  }

  public int size() {
    return entries.size();
  }

  /** The value under {@code key}, or null when the key is absent. */
  public Node get(String key) {
    Entry e = entries.get(key);
    return e == null ? null : e.value();
  }

  public Entry entry(String key) {
    return entries.get(key);
  }

  /** The value under {@code key} when it is a mapping, else null. */
  public MapNode map(String key) {
    return get(key) instanceof MapNode m ? m : null;
  }

  /** The value under {@code key} when it is a list, else null. */
  public ListNode list(String key) {
    return get(key) instanceof ListNode l ? l : null;
  }

  /** The value under {@code key} when it is a string scalar, else null. */
  public String string(String key) {
    return get(key) instanceof ScalarNode s && s.value() instanceof String str ? str : null;
  }

  @Override
  public Object toPlain() {
    Map<String, Object> plain = new LinkedHashMap<>();
    for (Entry e : entries.values()) {
      plain.put(e.key(), e.value().toPlain());
    }
    return plain;
  }
}
