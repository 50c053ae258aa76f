package dev.spl.index;

import dev.spl.model.KindCatalogue;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import dev.spl.model.SharedStrings;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of a resource that the cross-resource rules read, as they declare it ({@link Inputs}). A
 * streaming lint keeps resources until its end; keeping a compact copy of only these fields (with
 * one copy of each repeated string) is what bounds its memory by the number of routes, Services and
 * policies rather than by their size.
 *
 * <p>{@code DeclaredInputsTest} runs each cross-resource rule on every example with only its own
 * declared inputs kept, so a rule that reads more than it declares fails there.
 */
public final class IndexFields {
  /** Keep the whole subtree. */
  private static final Map<String, Object> ALL = Collections.unmodifiableMap(new HashMap<>());

  private static final Map<String, Object> METADATA =
      Map.of("name", ALL, "namespace", ALL, "annotations", ALL);

  /**
   * Repeated strings (kinds, namespaces, types, keys), shared between kept resources: a cache, not
   * a table, since most kept values are names seen once (a table entry each cost 50 bytes per
   * cached object in the webhook, more than the copies it saved).
   */
  private final SharedStrings shared = SharedStrings.recent(4096);

  /** Per kind, the spec fields kept: a tree of field names, {@link #ALL} below a declared path. */
  private final Map<KindCatalogue.Kind, Map<String, Object>> specFields = new HashMap<>();

  private final Inputs inputs;

  /** A projection keeping what {@code inputs} declare. */
  public IndexFields(Inputs inputs) {
    // the index's own reads go with any rule's: which references take effect
    this.inputs = Inputs.union(java.util.List.of(inputs, ResourceIndex.INPUTS));
    inputs.fields().forEach((kind, paths) -> specFields.put(kind, tree(paths)));
  }

  private static Map<String, Object> tree(Set<String> paths) {
    Map<String, Object> root = new HashMap<>();
    for (String path : paths) {
      if (path.equals(Inputs.WHOLE_SPEC)) {
        return ALL;
      }
      Map<String, Object> at = root;
      String[] parts = path.split("\\.");
      for (int i = 0; i < parts.length; i++) {
        if (i == parts.length - 1) {
          at.put(parts[i], ALL);
        } else {
          Object below = at.get(parts[i]);
          if (below == ALL) {
            break; // a shorter path already keeps everything below
          }
          @SuppressWarnings("unchecked")
          Map<String, Object> next = below == null ? new HashMap<>() : (Map<String, Object>) below;
          at.put(parts[i], next);
          at = next;
        }
      }
    }
    return root;
  }

  /**
   * The fields of {@code r} that the rules read, as a resource of their own; null when no rule
   * reads its kind.
   */
  public Resource project(Resource r) {
    KindCatalogue.Kind kind = r.catalogued();
    Map<String, Object> spec = kind == null ? null : specFields.get(kind);
    if (spec == null) {
      if (!inputs.everyKind()) {
        return null;
      }
      spec = Map.of(); // read for its name and spl's annotations only
    }
    List<MapNode.Entry> kept = new ArrayList<>(4);
    for (MapNode.Entry e : r.root().entries()) {
      switch (e.key()) {
        case "apiVersion", "kind" -> kept.add(copyWhole(e));
        case "metadata" -> kept.add(metadata(e, kind));
        case "spec" -> kept.add(copy(e, spec));
        default -> {} // status, data and anything else no cross-resource rule reads
      }
    }
    ResourceRef ref = r.ref();
    ResourceRef sharedRef =
        new ResourceRef(
            share(ref.apiVersion()), share(ref.kind()), share(ref.namespace()), share(ref.name()));
    return new Resource(new MapNode(r.root().position(), kept), sharedRef, r.rename().orElse(null));
  }

  /** What a node costs beyond its characters, in the same unit (two bytes): its objects. */
  private static final int NODE_COST = 32;

  /**
   * What caching {@code node} costs, in units of about two bytes of heap: each character of its
   * keys and strings, and {@value #NODE_COST} per node (a map entry or a scalar is some 64 bytes of
   * objects: many small labels cost more than their text). Counted until {@code limit} is passed: a
   * walk that stops early, so a hostile object is not walked whole to learn it is too big.
   */
  public static long costOf(Node node, long limit) {
    long[] count = {0};
    count(node, count, limit);
    return count[0];
  }

  private static void count(Node node, long[] count, long limit) {
    if (count[0] > limit) {
      return;
    }
    count[0] += NODE_COST;
    if (node instanceof MapNode map) {
      for (MapNode.Entry e : map.entries()) {
        count[0] += e.key().length();
        count(e.value(), count, limit);
        if (count[0] > limit) {
          return;
        }
      }
    } else if (node instanceof ListNode list) {
      for (Node item : list.items()) {
        count(item, count, limit);
        if (count[0] > limit) {
          return;
        }
      }
    } else if (node instanceof ScalarNode s && s.value() instanceof String text) {
      count[0] += text.length();
    }
  }

  /** The sites of {@code r} that {@code kept}, its projection, still holds, moved over to it. */
  public static List<SessionPersistenceSite> keptSites(
      Resource kept, List<SessionPersistenceSite> sites) {
    return sites.stream().filter(s -> kept.nodeAt(s.path()) != null).map(s -> s.on(kept)).toList();
  }

  private MapNode.Entry metadata(MapNode.Entry e, KindCatalogue.Kind kind) {
    if (!(e.value() instanceof MapNode metadata)) {
      return e;
    }
    List<MapNode.Entry> kept = new ArrayList<>(3);
    for (MapNode.Entry field : metadata.entries()) {
      if (!METADATA.containsKey(field.key())) {
        continue;
      }
      if (field.key().equals("annotations") && field.value() instanceof MapNode annotations) {
        // spl's own annotations suppress cross-resource findings; the others are kept when a
        // rule declares it reads them (an Ingress's controller annotations).
        List<MapNode.Entry> spl = new ArrayList<>(0);
        for (MapNode.Entry a : annotations.entries()) {
          if (a.key().startsWith(Resource.SUPPRESSION_PREFIX)
              || inputs.readsAnnotation(kind, a.key())) {
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
