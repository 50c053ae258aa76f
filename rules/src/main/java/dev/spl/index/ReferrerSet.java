package dev.spl.index;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The keys that refer to one target in one of {@link LiveIndex}'s indexes. Nearly every target has
 * one or two referrers (a Service's route, a route's policy), so a few are kept as an immutable
 * list in insertion order (24 bytes for one, where a concurrent set costs some 200), replaced whole
 * on each change; past {@value #SMALL}, a concurrent set changed in place, so a namespace's
 * thousands of autoscalers do not cost a copy per add. Readers see either a snapshot or a
 * concurrent set; the one writer is {@link LiveIndex}'s.
 */
final class ReferrerSet {
  static final int SMALL = 8;

  private ReferrerSet() {}

  /** {@code referrers} (null for none) with {@code key} added: what to keep in the index. */
  static Collection<ObjectKey> with(Collection<ObjectKey> referrers, ObjectKey key) {
    if (referrers == null) {
      return List.of(key);
    }
    if (referrers instanceof Set<ObjectKey> large) {
      large.add(key);
      return large;
    }
    if (referrers.contains(key)) {
      return referrers;
    }
    if (referrers.size() < SMALL) {
      List<ObjectKey> grown = new ArrayList<>(referrers.size() + 1);
      grown.addAll(referrers);
      grown.add(key);
      return List.copyOf(grown);
    }
    Set<ObjectKey> large = ConcurrentHashMap.newKeySet();
    large.addAll(referrers);
    large.add(key);
    return large;
  }

  /** {@code referrers} without {@code key}; null, which removes the target, when none are left. */
  static Collection<ObjectKey> without(Collection<ObjectKey> referrers, ObjectKey key) {
    if (referrers instanceof Set<ObjectKey> large) {
      large.remove(key);
      return large.isEmpty() ? null : large;
    }
    if (!referrers.contains(key)) {
      return referrers;
    }
    List<ObjectKey> rest = new ArrayList<>(referrers);
    rest.remove(key);
    return rest.isEmpty() ? null : List.copyOf(rest);
  }
}
