package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;

/**
 * Which routes a Gateway's listeners admit (Gateway API Listener.allowedRoutes): from the Gateway's
 * own namespace only unless {@code namespaces.from} says All or Selector, and of the listed kinds
 * when {@code kinds} is given. A route a listener does not admit is not attached to it (Accepted
 * False, NotAllowedByListeners): its persistence never reaches that Gateway. A Selector's labels
 * are not read (Namespaces are not among spl's inputs), so a Selector counts as admitting.
 */
public final class AllowedRoutes {
  private AllowedRoutes() {}

  /**
   * True when a listener of {@code gateway} ({@code sectionName}'s, or any when null) admits a
   * route of {@code kind} in {@code namespace}; true also when the Gateway lists no listeners (its
   * spec is not known).
   */
  public static boolean admits(
      Resource gateway, String sectionName, String kind, String namespace) {
    ListNode listeners = gateway.spec() == null ? null : gateway.spec().list("listeners");
    if (listeners == null) {
      return true;
    }
    for (int i = 0; i < listeners.size(); i++) {
      if (!(listeners.get(i) instanceof MapNode listener)) {
        continue;
      }
      if (sectionName != null && !sectionName.equals(listener.string("name"))) {
        continue;
      }
      if (admitsNamespace(gateway, listener, namespace) && admitsKind(listener, kind)) {
        return true;
      }
    }
    return false;
  }

  /** True when some listener of {@code gateway} may admit routes of other namespaces. */
  public static boolean admitsOtherNamespaces(Resource gateway) {
    ListNode listeners = gateway.spec() == null ? null : gateway.spec().list("listeners");
    if (listeners == null) {
      return true;
    }
    for (int i = 0; i < listeners.size(); i++) {
      if (listeners.get(i) instanceof MapNode listener
          && !"Same".equals(from(listener))
          && !"None".equals(from(listener))) {
        return true;
      }
    }
    return false;
  }

  private static String from(MapNode listener) {
    MapNode allowed = listener.map("allowedRoutes");
    MapNode namespaces = allowed == null ? null : allowed.map("namespaces");
    String from = namespaces == null ? null : ScalarNode.text(namespaces.get("from"));
    return from == null ? "Same" : from;
  }

  private static boolean admitsNamespace(Resource gateway, MapNode listener, String namespace) {
    return switch (from(listener)) {
      case "Same" -> gateway.namespace().equals(namespace);
      case "None" -> false;
      default -> true; // All, Selector (labels not known), or a value a later version adds
    };
  }

  private static boolean admitsKind(MapNode listener, String kind) {
    MapNode allowed = listener.map("allowedRoutes");
    ListNode kinds = allowed == null ? null : allowed.list("kinds");
    if (kinds == null || kinds.size() == 0) {
      return true; // the protocol's default kinds
    }
    for (int i = 0; i < kinds.size(); i++) {
      if (kinds.get(i) instanceof MapNode k
          && kind.equals(k.string("kind"))
          && (k.string("group") == null || KindCatalogue.GATEWAY_GROUP.equals(k.string("group")))) {
        return true;
      }
    }
    return false;
  }
}
