package dev.spl.model;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A mapping; keeps the position of every key so findings can point at the key itself. */
public final class MapNode implements Node {

  /** One key of a mapping, where the key was written, and its value. */
  public record Entry(String key, SourcePosition keyPosition, Node value) {}

  private final SourcePosition position;
  // Most mappings have a handful of keys: an array scanned in order costs a fraction of a
  // LinkedHashMap, which matters when a lint keeps hundreds of thousands of objects.
  private final Entry[] entries;

  /** The entries in document order; a key appears once (the last value of a duplicate wins). */
  public MapNode(SourcePosition position, List<Entry> entries) {
    this.position = position;
    this.entries = entries.toArray(new Entry[0]);
  }

  @Override
  public SourcePosition position() {
    return position;
  }

  @Override
  public String typeName() {
    return "object";
  }

  public List<Entry> entries() {
    return Arrays.asList(entries);
  }

  public boolean has(String key) {
    return entry(key) != null;
  }

  public int size() {
    return entries.length;
  }

  /** The value under {@code key}, or null when the key is absent. */
  public Node get(String key) {
    Entry e = entry(key);
    return e == null ? null : e.value();
  }

  public Entry entry(String key) {
    for (Entry e : entries) {
      if (e.key().equals(key)) {
        return e;
      }
    }
    return null;
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
    for (Entry e : entries) {
      plain.put(e.key(), e.value().toPlain());
    }
    return plain;
  }
}
