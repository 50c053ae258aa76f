package dev.spl.rules.cross;

import dev.spl.index.ControllerVersions;
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
   * stickiness is set instead (null: nowhere spl knows), the source; and for a controller that
   * changed, the last release that ignores it ({@code through}, null: every release) and its newest
   * release, which an input that shows no version is taken to run.
   */
  record Controller(
      String controllerName,
      String product,
      Set<String> ignores,
      String instead,
      String source,
      ControllerVersions.Version through,
      ControllerVersions.Version newest) {

    /** Whether the release {@code inSight} (empty: none in sight, so the newest) ignores it. */
    boolean ignoresAt(Optional<ControllerVersions.Version> inSight) {
      if (through == null) {
        return true;
      }
      ControllerVersions.Version release = inSight.orElse(newest);
      return !release.atLeast(through.major(), through.minor() + 1);
    }
  }

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
      String name = entry.string("controllerName");
      Controller c =
          new Controller(
              name,
              entry.string("product"),
              Set.copyOf(ignores),
              entry.string("instead"),
              entry.string("source"),
              release(entry, "through", name),
              release(entry, "newest", name));
      if ((c.through() == null) != (c.newest() == null)) {
        throw new IllegalStateException(name + ": through and newest go together");
      }
      out.put(c.controllerName(), c);
    }
    return Map.copyOf(out);
  }

  private static ControllerVersions.Version release(MapNode entry, String key, String name) {
    String text = entry.string(key);
    return text == null
        ? null
        : ControllerVersions.parse(text, "controllers.yaml")
            .orElseThrow(() -> new IllegalStateException(name + ": " + key + " " + text));
  }
}
