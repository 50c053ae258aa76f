package dev.spl.model;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A path to a field inside an object: map keys and list indexes. Printed the way Kubernetes prints
 * field paths, {@code spec.rules[0].sessionPersistence}, with keys that are not identifiers quoted:
 * {@code metadata.annotations["ignore.spl.dev/SPL010"]}.
 */
public final class FieldPath {
  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$-]*");
  private static final FieldPath ROOT = new FieldPath(List.of());

  private final List<Object> segments; // String keys and Integer indexes

  private FieldPath(List<Object> segments) {
    this.segments = segments;
  }

  /** Builds a path from keys and indexes, e.g. {@code of("spec", "rules", 0)}. */
  public static FieldPath of(Object... segments) {
    FieldPath path = ROOT;
    for (Object s : segments) {
      path = s instanceof Integer i ? path.index(i) : path.key((String) s);
    }
    return path;
  }

  public FieldPath key(String key) {
    List<Object> next = new ArrayList<>(segments.size() + 1);
    next.addAll(segments);
    next.add(key);
    return new FieldPath(List.copyOf(next));
  }

  public FieldPath index(int index) {
    List<Object> next = new ArrayList<>(segments.size() + 1);
    next.addAll(segments);
    next.add(index);
    return new FieldPath(List.copyOf(next));
  }

  /** This path followed by {@code more}. */
  public FieldPath then(FieldPath more) {
    List<Object> next = new ArrayList<>(segments.size() + more.segments.size());
    next.addAll(segments);
    next.addAll(more.segments);
    return new FieldPath(List.copyOf(next));
  }

  /** The keys (String) and indexes (Integer), outermost first. */
  public List<Object> segments() {
    return segments;
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (Object s : segments) {
      if (s instanceof Integer i) {
        out.append('[').append(i).append(']');
      } else if (PLAIN_KEY.matcher((String) s).matches()) {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(s);
      } else {
        out.append("[\"").append(((String) s).replace("\"", "\\\"")).append("\"]");
      }
    }
    return out.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldPath other && other.segments.equals(segments);
  }

  @Override
  public int hashCode() {
    return segments.hashCode();
  }
}
