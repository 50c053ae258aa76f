package dev.spl.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A mapping; keeps the position of every key so findings can point at the key itself. */
public final class MapNode implements Node {

  /** One key of a mapping, where the key was written, and its value. */
  public record Entry(String key, SourcePosition keyPosition, Node value) {}

  private static final Object[] NO_ENTRIES = {};

  // The positions of a mapping that was never written in a file (an object the webhook's informers
  // read from the API server: every position is 0:0), shared by every such mapping of its size;
  // never written to, like every positions array.
  private static final long[][] UNWRITTEN = new long[32][];

  static {
    for (int n = 0; n < UNWRITTEN.length; n++) {
      UNWRITTEN[n] = new long[n + 1];
    }
  }

  // A lint may keep hundreds of thousands of objects until its end, so a mapping is stored flat:
  // keys and values alternate in one array, and the mapping's position and its keys' positions
  // are packed in another. Most mappings have a handful of keys, scanned in order. Entry objects
  // are made only when asked for.
  private final String file;
  private final Object[] keysAndValues;
  private final long[] positions; // [0] the mapping, [1 + i] key i
  // Null while every key is in the mapping's file. A kustomize build's object places each key
  // where it was written (a base, an overlay's patch), so a mapping's keys may be in several files.
  private final String[] keyFiles;

  /** The entries in document order; a key appears once (the last value of a duplicate wins). */
  public MapNode(SourcePosition position, List<Entry> entries) {
    int n = entries.size();
    this.file = position.file();
    this.keysAndValues = n == 0 ? NO_ENTRIES : new Object[2 * n];
    long[] packed = new long[n + 1];
    packed[0] = position.packed();
    boolean nowhere = packed[0] == 0;
    String[] files = null;
    for (int i = 0; i < n; i++) {
      Entry e = entries.get(i);
      keysAndValues[2 * i] = e.key();
      keysAndValues[2 * i + 1] = e.value();
      packed[1 + i] = e.keyPosition().packed();
      nowhere &= packed[1 + i] == 0;
      String keyFile = e.keyPosition().file();
      if (files == null && keyFile != file && !keyFile.equals(file)) {
        files = new String[n];
        java.util.Arrays.fill(files, file);
      }
      if (files != null) {
        files[i] = keyFile;
      }
    }
    this.keyFiles = files;
    this.positions = nowhere && n < UNWRITTEN.length ? UNWRITTEN[n] : packed;
  }

  @Override
  public SourcePosition position() {
    return SourcePosition.unpack(file, positions[0]);
  }

  @Override
  public String typeName() {
    return "object";
  }

  public List<Entry> entries() {
    List<Entry> list = new ArrayList<>(size());
    for (int i = 0; i < size(); i++) {
      list.add(entryAt(i));
    }
    return list;
  }

  public boolean has(String key) {
    return indexOf(key) >= 0;
  }

  public int size() {
    return keysAndValues.length / 2;
  }

  /** The value under {@code key}, or null when the key is absent. */
  public Node get(String key) {
    int i = indexOf(key);
    return i < 0 ? null : valueAt(i);
  }

  public Entry entry(String key) {
    int i = indexOf(key);
    return i < 0 ? null : entryAt(i);
  }

  private Node valueAt(int i) {
    return (Node) keysAndValues[2 * i + 1];
  }

  private Entry entryAt(int i) {
    return new Entry(
        (String) keysAndValues[2 * i],
        SourcePosition.unpack(keyFiles == null ? file : keyFiles[i], positions[1 + i]),
        valueAt(i));
  }

  private int indexOf(String key) {
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (keysAndValues[i].equals(key)) {
        return i / 2;
      }
    }
    return -1;
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
    for (int i = 0; i < size(); i++) {
      plain.put((String) keysAndValues[2 * i], valueAt(i).toPlain());
    }
    return plain;
  }
}
