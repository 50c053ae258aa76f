package dev.spl.rules.cross;

import dev.spl.model.ListNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;

/** A route's hostnames and whether two routes can receive requests for the same host. */
final class Hostnames {
  private Hostnames() {}

  /** spec.hostnames; empty means every hostname of the listener. */
  static List<String> of(Resource route) {
    List<String> names = new ArrayList<>();
    if (route.spec() != null && route.spec().get("hostnames") instanceof ListNode list) {
      for (Node n : list.items()) {
        if (n instanceof ScalarNode s && s.value() instanceof String h) {
          names.add(h.toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
    return names;
  }

  static boolean overlap(List<String> a, List<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return true;
    }
    for (String x : a) {
      for (String y : b) {
        if (matches(x, y) || matches(y, x)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@code pattern} (exact or "*.suffix") matches {@code host}, or both are overlapping wildcards.
   */
  private static boolean matches(String pattern, String host) {
    if (pattern.equals(host)) {
      return true;
    }
    if (pattern.startsWith("*.")) {
      String suffix = pattern.substring(1); // ".example.com"
      String hostTail = host.startsWith("*.") ? host.substring(1) : host;
      return hostTail.endsWith(suffix) && hostTail.length() > suffix.length();
    }
    return false;
  }
}
