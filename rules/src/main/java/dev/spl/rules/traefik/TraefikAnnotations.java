package dev.spl.rules.traefik;

import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.rules.GoBool;
import java.util.ArrayList;
import java.util.List;

/**
 * Traefik's Kubernetes Ingress provider annotations. Router settings are read from the Ingress,
 * service settings ({@code service.*}, stickiness among them) from the Service only (traefik
 * pkg/provider/kubernetes/ingress: parseRouterConfig(ingress.Annotations),
 * parseServiceConfig(service.Annotations)).
 */
public final class TraefikAnnotations {
  static final String PREFIX = "traefik.ingress.kubernetes.io/";
  public static final String STICKY = PREFIX + "service.sticky.cookie";
  public static final String NATIVE_LB = PREFIX + "service.nativelb";

  /** The sticky.cookie sub-keys Traefik documents, for objects too large to scan. */
  public static final List<String> STICKY_KEYS =
      List.of("name", "secure", "samesite", "domain", "httponly", "maxage", "path");

  private TraefikAnnotations() {}

  static List<MapNode.Entry> of(Resource r) {
    MapNode annotations = r.annotations();
    return annotations == null ? List.of() : annotations.entries();
  }

  /** The service.sticky.cookie annotations, in document order. */
  static List<MapNode.Entry> sticky(Resource r) {
    List<MapNode.Entry> out = new ArrayList<>();
    for (MapNode.Entry e : of(r)) {
      if (e.key().equals(STICKY) || e.key().startsWith(STICKY + ".")) {
        out.add(e);
      }
    }
    return out;
  }

  /** Sticky cookies on: service.sticky.cookie true, or any of its sub-keys set. */
  static boolean stickyOn(Resource r) {
    for (MapNode.Entry e : sticky(r)) {
      if (!e.key().equals(STICKY) || isTrue(e.value())) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when every Service the Ingress {@code ingress} sends to is in sight and pins sessions
   * itself: the Ingress's sticky annotations say nothing Traefik does not already read.
   */
  static boolean servicesAlreadySticky(Resource ingress, dev.spl.index.ResourceIndex index) {
    List<String> services =
        dev.spl.index.IngressPath.of(ingress).stream()
            .map(dev.spl.index.IngressPath::service)
            .filter(java.util.Objects::nonNull)
            .distinct()
            .toList();
    if (services.isEmpty()) {
      return false;
    }
    for (String name : services) {
      java.util.Optional<Resource> service =
          index.find(
              new dev.spl.index.ObjectKey(
                  "", dev.spl.model.Kinds.SERVICE, ingress.namespace(), name));
      if (service.isEmpty() || !stickyOn(service.get())) {
        return false;
      }
    }
    return true;
  }

  /** The first Service the Ingress sends to, or null. */
  static String firstService(Resource ingress) {
    return dev.spl.index.IngressPath.of(ingress).stream()
        .map(dev.spl.index.IngressPath::service)
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .orElse(null);
  }

  /** True when the value parses as true with Go's strconv.ParseBool, as Traefik's decoder does. */
  static boolean isTrue(Node node) {
    return GoBool.isTrue(ScalarNode.text(node));
  }

  static MapNode.Entry entry(Resource r, String key) {
    for (MapNode.Entry e : of(r)) {
      if (e.key().equals(key)) {
        return e;
      }
    }
    return null;
  }
}
