package dev.spl.rules.cross;

import dev.spl.load.LoadLimits;
import dev.spl.load.ParsedDocument;
import dev.spl.load.YamlStreamReader;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The data file controllers.yaml: controllers known to drop route-level sessionPersistence. */
final class KnownControllers {

  /**
   * One controller: its product name, the route kinds whose persistence it ignores, where its own
   * stickiness is set instead (null: nowhere spl knows), the source.
   */
  record Controller(
      String controllerName, String product, Set<String> ignores, String instead, String source) {}

  private static final Map<String, Controller> BY_NAME = load();

  private KnownControllers() {}

  /**
   * The controller of that name; none for a GatewayClass that names none (the CRD requires one).
   */
  static Optional<Controller> find(String controllerName) {
    return controllerName == null
        ? Optional.empty()
        : Optional.ofNullable(BY_NAME.get(controllerName));
  }

  static Map<String, Controller> all() {
    return BY_NAME;
  }

  private static Map<String, Controller> load() {
    String text;
    try (InputStream in = KnownControllers.class.getResourceAsStream("controllers.yaml")) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<ParsedDocument> docs =
        new YamlStreamReader(LoadLimits.defaults()).read("controllers.yaml", text);
    Map<String, Controller> out = new HashMap<>();
    MapNode root = (MapNode) docs.get(0).root();
    for (Node n : ((ListNode) root.get("controllers")).items()) {
      MapNode entry = (MapNode) n;
      Set<String> ignores = new HashSet<>();
      for (Node kind : ((ListNode) entry.get("ignores")).items()) {
        ignores.add((String) ((ScalarNode) kind).value());
      }
      Controller c =
          new Controller(
              entry.string("controllerName"),
              entry.string("product"),
              Set.copyOf(ignores),
              entry.string("instead"),
              entry.string("source"));
      out.put(c.controllerName(), c);
    }
    return Map.copyOf(out);
  }
}
