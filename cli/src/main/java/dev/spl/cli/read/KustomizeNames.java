package dev.spl.cli.read;

import dev.spl.load.LoadedInput;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A kustomize build's namePrefix and nameSuffix, applied as kustomize applies them: every object
 * renamed (but CRDs, APIServices and Namespaces), and of the references spl follows only those
 * kustomize's built-in nameReference list rewrites, an Ingress's Services. The rest (Gateway API's
 * backendRefs, parentRefs and targetRefs) keep the written name, and SPL105 says what that breaks.
 */
public final class KustomizeNames {
  private KustomizeNames() {}

  // Where an Ingress names its Services, as kustomize's nameReference fieldSpecs write them (a
  // list on the way is walked item by item).
  private static final List<List<String>> INGRESS_SERVICE_NAMES =
      List.of(
          List.of("spec", "rules", "http", "paths", "backend", "service", "name"),
          List.of("spec", "defaultBackend", "service", "name"),
          List.of("spec", "rules", "http", "paths", "backend", "serviceName"),
          List.of("spec", "backend", "serviceName"));

  private static final List<String> METADATA_NAME = List.of("metadata", "name");

  /** {@code part}'s objects under the names {@code names} gives them. */
  static LoadedInput renamed(LoadedInput part, Kustomizations.BuildNames names) {
    List<Resource> out = new ArrayList<>(part.resources().size());
    for (Resource r : part.resources()) {
      if (Kustomizations.keepsName(r.kind()) || r.name().isEmpty()) {
        out.add(r);
        continue;
      }
      String name = names.apply(r.name());
      ResourceRef ref = r.ref();
      out.add(
          new Resource(
              (MapNode) replaced(r.root(), METADATA_NAME, 0, written -> name),
              new ResourceRef(ref.apiVersion(), ref.kind(), ref.namespace(), name),
              new Resource.Rename(r.name(), names.build())));
    }
    return new LoadedInput(
        out, part.problems(), part.inputErrors(), part.files(), part.documents(), part.skipped());
  }

  /** True for an Ingress, whose Service references kustomize renames with the Services. */
  static boolean isIngress(Resource r) {
    return r.role() == KindRole.INGRESS;
  }

  /**
   * {@code ingress} with each Service name {@code newName} gives a new name for (null: leave it),
   * positions kept.
   */
  static Resource withServices(Resource ingress, Function<String, String> newName) {
    Node root = ingress.root();
    for (List<String> path : INGRESS_SERVICE_NAMES) {
      root = replaced(root, path, 0, newName);
    }
    return root == ingress.root()
        ? ingress
        : new Resource((MapNode) root, ingress.ref(), ingress.rename().orElse(null));
  }

  /**
   * {@code node} with the string scalars at {@code path} (from segment {@code at}) replaced by what
   * {@code replace} gives (null: unchanged); the same node when nothing changes.
   */
  private static Node replaced(
      Node node, List<String> path, int at, Function<String, String> replace) {
    if (at == path.size()) {
      if (node instanceof ScalarNode s && s.value() instanceof String text) {
        String now = replace.apply(text);
        return now == null || now.equals(text) ? node : new ScalarNode(s.position(), now);
      }
      return node;
    }
    if (node instanceof ListNode list) {
      List<Node> items = new ArrayList<>(list.size());
      boolean changed = false;
      for (Node item : list.items()) {
        Node now = replaced(item, path, at, replace);
        changed |= now != item;
        items.add(now);
      }
      return changed ? new ListNode(list.position(), items) : node;
    }
    if (!(node instanceof MapNode map) || !map.has(path.get(at))) {
      return node;
    }
    MapNode.Entry entry = map.entry(path.get(at));
    Node now = replaced(entry.value(), path, at + 1, replace);
    if (now == entry.value()) {
      return node;
    }
    List<MapNode.Entry> entries = new ArrayList<>(map.size());
    for (MapNode.Entry e : map.entries()) {
      entries.add(
          e.key().equals(entry.key()) ? new MapNode.Entry(e.key(), e.keyPosition(), now) : e);
    }
    return new MapNode(map.position(), entries);
  }
}
