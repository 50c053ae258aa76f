package dev.spl.model;

import java.util.HashMap;
import java.util.Map;

/**
 * One String per distinct value, for trees that live long: the parser makes a new String for every
 * key and scalar it reads, so kept resources would otherwise hold thousands of copies of "name" or
 * "Cookie". The table is bounded; once full, only what it holds is shared. Not thread-safe.
 */
public final class SharedStrings {
  private final Map<String, String> table = new HashMap<>();
  private final int capacity;

  public SharedStrings(int capacity) {
    this.capacity = capacity;
  }

  /** The shared copy of {@code s}; {@code s} itself when it is new; null for null. */
  public String share(String s) {
    if (s == null) {
      return null;
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
