package dev.spl.index;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import dev.spl.model.SharedStrings;
import dev.spl.schema.SessionPersistenceLocator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a resource that the cross-resource rules read. A streaming lint keeps resources until
 * its end; keeping a compact copy of only these fields (with one copy of each repeated string) is
 * what bounds its memory by the number of routes, Services and policies rather than by their size.
 *
 * <p>A cross-resource rule that starts reading another field must add it here; {@code
 * IndexFieldsTest} lints every example both ways to catch that.
 */
public final class IndexFields {
  /** Keep the whole subtree. */
  private static final Map<String, Object> ALL = Collections.unmodifiableMap(new HashMap<>());

  private static final Map<String, Object> METADATA =
      Map.of("name", ALL, "namespace", ALL, "annotations", ALL);
  private static final Map<String, Object> SERVICE = Map.of("sessionAffinity", ALL);
  private static final Map<String, Object> GATEWAY = Map.of("gatewayClassName", ALL);
  private static final Map<String, Object> GATEWAY_CLASS = Map.of("controllerName", ALL);
  private static final Map<String, Object> ROUTE =
      Map.of(
          "parentRefs",
          ALL,
          "hostnames",
          ALL,
          "rules",
          Map.of("matches", ALL, "backendRefs", ALL, "sessionPersistence", ALL));
  private static final Map<String, Object> POLICY =
      Map.of("targetRefs", ALL, "sessionPersistence", ALL);
  private static final Map<String, Object> BACKEND =
      Map.of("type", ALL, "endpointSelector", Map.of("sessionPersistence", ALL));

  private static final int MAX_SHARED = 1 << 16;

  /** Repeated strings (kinds, namespaces, types, paths), shared between kept resources. */
  private final SharedStrings shared = new SharedStrings(MAX_SHARED);

  /**
   * The fields of {@code r} that the index reads, as a resource of their own; {@code r} itself when
   * it is of a kind this class does not know (it is then kept whole).
   */
  public Resource project(Resource r) {
    Map<String, Object> spec = specFields(r);
    if (spec == null) {
      return r;
    }
    List<MapNode.Entry> kept = new ArrayList<>(4);
    for (MapNode.Entry e : r.root().entries()) {
      switch (e.key()) {
        case "apiVersion", "kind" -> kept.add(copyWhole(e));
        case "metadata" -> kept.add(metadata(e));
        case "spec" -> kept.add(copy(e, spec));
        default -> {} // status, data and anything else no cross-resource rule reads
      }
    }
    ResourceRef ref = r.ref();
    ResourceRef sharedRef =
        new ResourceRef(
            share(ref.apiVersion()), share(ref.kind()), share(ref.namespace()), share(ref.name()));
    return new Resource(new MapNode(r.root().position(), kept), sharedRef);
  }

  private static Map<String, Object> specFields(Resource r) {
    if (SessionPersistenceLocator.isRoute(r)) {
      return ROUTE;
    }
    if (SessionPersistenceLocator.isPolicy(r)) {
      return POLICY;
    }
    if (SessionPersistenceLocator.isBackend(r)) {
      return BACKEND;
    }
    return switch (r.kind()) {
      case "Service" -> SERVICE;
      case "Gateway" -> GATEWAY;
      case "GatewayClass" -> GATEWAY_CLASS;
      default -> null;
    };
  }

  private MapNode.Entry metadata(MapNode.Entry e) {
    if (!(e.value() instanceof MapNode metadata)) {
      return e;
    }
    List<MapNode.Entry> kept = new ArrayList<>(3);
    for (MapNode.Entry field : metadata.entries()) {
      if (!METADATA.containsKey(field.key())) {
        continue;
      }
      if (field.key().equals("annotations") && field.value() instanceof MapNode annotations) {
        // Only spl's own annotations matter later: they suppress cross-resource findings.
        List<MapNode.Entry> spl = new ArrayList<>(0);
        for (MapNode.Entry a : annotations.entries()) {
          if (a.key().startsWith(Resource.SUPPRESSION_PREFIX)) {
            spl.add(a);
          }
        }
        if (!spl.isEmpty()) {
          kept.add(
              new MapNode.Entry(
                  "annotations", field.keyPosition(), new MapNode(annotations.position(), spl)));
        }
      } else {
        kept.add(copyWhole(field));
      }
    }
    return new MapNode.Entry("metadata", e.keyPosition(), new MapNode(metadata.position(), kept));
  }

  /** The entry with only {@code fields} kept below it; lists apply them to each item. */
  private MapNode.Entry copy(MapNode.Entry e, Map<String, Object> fields) {
    return new MapNode.Entry(share(e.key()), e.keyPosition(), copy(e.value(), fields));
  }

  @SuppressWarnings("unchecked")
  private Node copy(Node node, Map<String, Object> fields) {
    if (node instanceof MapNode map) {
      List<MapNode.Entry> kept = new ArrayList<>(map.size());
      for (MapNode.Entry e : map.entries()) {
        Object below = fields == ALL ? ALL : fields.get(e.key());
        if (below != null) {
          kept.add(copy(e, (Map<String, Object>) below));
        }
      }
      return new MapNode(map.position(), kept);
    }
    if (node instanceof ListNode list) {
      List<Node> items = new ArrayList<>(list.size());
      for (Node item : list.items()) {
        items.add(copy(item, fields));
      }
      return new ListNode(list.position(), items);
    }
    ScalarNode scalar = (ScalarNode) node;
    return scalar.value() instanceof String text
        ? new ScalarNode(scalar.position(), share(text))
        : scalar;
  }

  private MapNode.Entry copyWhole(MapNode.Entry e) {
    return copy(e, ALL);
  }

  private String share(String s) {
    return shared.share(s);
  }
}
