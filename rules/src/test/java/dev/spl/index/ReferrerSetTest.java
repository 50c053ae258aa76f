package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReferrerSetTest {
  private static ObjectKey route(int i) {
    return new ObjectKey("gateway.networking.k8s.io", "HTTPRoute", "shop", "r-" + i);
  }

  @Test
  void aFewAreAnImmutableListInTheOrderAdded() {
    Collection<ObjectKey> set = null;
    for (int i = 0; i < ReferrerSet.SMALL; i++) {
      set = ReferrerSet.with(set, route(i));
    }
    set = ReferrerSet.with(set, route(3)); // already there
    List<ObjectKey> expected = new ArrayList<>();
    for (int i = 0; i < ReferrerSet.SMALL; i++) {
      expected.add(route(i));
    }
    assertEquals(expected, List.copyOf(set));
    Collection<ObjectKey> snapshot = set;
    assertThrows(UnsupportedOperationException.class, () -> snapshot.add(route(99)));
    Collection<ObjectKey> fewer = ReferrerSet.without(set, route(0));
    assertEquals(expected.subList(1, expected.size()), List.copyOf(fewer));
    assertEquals(ReferrerSet.SMALL, snapshot.size(), "a reader's snapshot does not change");
    assertSame(fewer, ReferrerSet.without(fewer, route(0)), "not there: unchanged");
  }

  @Test
  void manyAreOneSetChangedInPlaceUntilEmpty() {
    Collection<ObjectKey> set = null;
    int n = ReferrerSet.SMALL * 4;
    for (int i = 0; i < n; i++) {
      set = ReferrerSet.with(set, route(i));
    }
    Set<ObjectKey> large = assertInstanceOf(Set.class, set);
    assertEquals(n, large.size());
    assertSame(large, ReferrerSet.with(large, route(n)), "added in place");
    Set<ObjectKey> left = new HashSet<>(large);
    for (int i = 0; i <= n; i++) {
      left.remove(route(i));
      Collection<ObjectKey> after = ReferrerSet.without(set, route(i));
      if (i < n) {
        assertEquals(left, new HashSet<>(after));
        set = after;
      } else {
        assertNull(after, "the last one gone: the target leaves the index");
      }
    }
  }

  @Test
  void theLastOfAFewGoneLeavesNothing() {
    assertNull(ReferrerSet.without(ReferrerSet.with(null, route(1)), route(1)));
  }
}
