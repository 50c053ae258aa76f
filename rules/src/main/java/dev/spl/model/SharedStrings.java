package dev.spl.model;

import java.util.HashMap;
import java.util.Map;

/**
 * One String per distinct value, for trees that live long: the parser makes a new String for every
 * key and scalar it reads, so kept resources would otherwise hold thousands of copies of "name" or
 * "Cookie". Two kinds: a bounded table (once full, only what it holds is shared), and a cache of
 * the last String seen in each of a fixed number of slots, which costs nothing per distinct value:
 * for an index that lives as long as the process and sees every object's unique name once, where a
 * table entry per name would cost more than the copies it saves. Not thread-safe.
 */
public final class SharedStrings {
  private final Map<String, String> table;
  private final int capacity;
  private final String[] slots;

  /** A table sharing up to {@code capacity} distinct values. */
  public SharedStrings(int capacity) {
    this.table = new HashMap<>();
    this.capacity = capacity;
    this.slots = null;
  }

  private SharedStrings(String[] slots) {
    this.table = null;
    this.capacity = 0;
    this.slots = slots;
  }

  /**
   * A cache of {@code slots} (a power of two) Strings, each slot holding the last value that hashed
   * to it: values that come back often (keys, kinds, namespaces, types) stay shared, a unique name
   * passes through.
   */
  public static SharedStrings recent(int slots) {
    if (Integer.bitCount(slots) != 1) {
      throw new IllegalArgumentException("slots must be a power of two: " + slots);
    }
    return new SharedStrings(new String[slots]);
  }

  /** The shared copy of {@code s}; {@code s} itself when it is new; null for null. */
  public String share(String s) {
    if (s == null) {
      return null;
    }
    if (slots != null) {
      int h = s.hashCode();
      int i = (h ^ (h >>> 16)) & (slots.length - 1);
      String known = slots[i];
      if (s.equals(known)) {
        return known;
      }
      slots[i] = s;
      return s;
    }
    String known = table.get(s);
    if (known != null) {
      return known;
    }
    if (table.size() < capacity) {
      table.put(s, s);
    }
    return s;
  }
}
