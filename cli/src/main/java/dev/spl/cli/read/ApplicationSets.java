package dev.spl.cli.read;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Argo CD ApplicationSets expanded as the ApplicationSet controller expands them, for the
 * generators that need nothing but the repository: {@code list} (its elements) and {@code git}
 * directories of this repository (each directory the {@code path} globs match, less the {@code
 * exclude: true} ones; parameters {@code path}, {@code path.basename}, {@code
 * path.basenameNormalized}, {@code path[n]}). Each set of parameters fills the template
 * (fasttemplate {@code {{name}}}, or with {@code goTemplate: true} plain {@code {{.name}}}
 * references), and the Applications it makes are read as written ones are, placed at the template's
 * lines. Another generator, a {@code templatePatch} or a Go template doing more than naming a
 * parameter is not expanded ({@link Deployments} says so).
 */
public final class ApplicationSets {
  private static final Pattern FAST = Pattern.compile("\\{\\{\\s*([A-Za-z0-9_.\\[\\]-]+)\\s*}}");
  private static final Pattern GO = Pattern.compile("\\{\\{\\s*\\.([A-Za-z0-9_.]+)\\s*}}");

  private ApplicationSets() {}

  /** The Applications {@code set} makes, or why spl does not expand it. */
  record Expansion(List<Resource> applications, String whyNot) {}

  /**
   * The expansions of one run, each set expanded once: the walk (which paths are deployed), the
   * notes (what to render and build) and the SPL006 check all want a set's Applications.
   */
  static final class Expansions {
    private final Map<List<Object>, Expansion> made = new java.util.HashMap<>();

    Expansion of(Resource set, Path repositoryRoot) {
      List<Object> key =
          List.of(
              set.position(),
              set.ref(),
              String.valueOf(set.spec() == null ? "" : set.spec().toPlain()),
              repositoryRoot);
      return made.computeIfAbsent(key, k -> expand(set, repositoryRoot));
    }
  }

  private static Expansion expand(Resource set, Path repositoryRoot) {
    MapNode spec = set.spec();
    MapNode template = spec == null ? null : spec.map("template");
    if (template == null) {
      return new Expansion(List.of(), "it has no template");
    }
    if (spec.has("templatePatch")) {
      return new Expansion(List.of(), "spl does not apply templatePatch");
    }
    boolean go = Deployments.isTrue(spec, "goTemplate");
    List<Map<String, String>> params = new ArrayList<>();
    if (!(spec.get("generators") instanceof ListNode generators)) {
      return new Expansion(List.of(), "it has no generators");
    }
    for (Node g : generators.items()) {
      if (!(g instanceof MapNode generator)) {
        continue;
      }
      if (generator.map("list") != null
          && generator.map("list").get("elements") instanceof ListNode elements) {
        for (Node e : elements.items()) {
          if (e instanceof MapNode element) {
            Map<String, String> p = new LinkedHashMap<>();
            for (MapNode.Entry entry : element.entries()) {
              p.put(entry.key(), ScalarNode.text(entry.value()));
            }
            params.add(p);
          }
        }
      } else if (generator.map("git") != null
          && generator.map("git").get("directories") instanceof ListNode directories) {
        List<String> found = directories(directories, repositoryRoot);
        if (found.isEmpty()) {
          return new Expansion(
              List.of(), "its git generator matches no directory of this repository");
        }
        for (String dir : found) {
          params.add(pathParams(dir));
        }
      } else {
        String kind = generator.entries().isEmpty() ? "empty" : generator.entries().get(0).key();
        return new Expansion(List.of(), "spl does not expand its " + kind + " generator");
      }
    }
    List<Resource> out = new ArrayList<>();
    for (Map<String, String> p : params) {
      Node filled;
      try {
        filled = fill(template, p, go);
      } catch (IllegalArgumentException e) {
        return new Expansion(List.of(), e.getMessage());
      }
      MapNode t = (MapNode) filled;
      MapNode meta = t.map("metadata");
      String name = meta == null ? null : meta.string("name");
      if (name == null) {
        return new Expansion(List.of(), "its template names no Application");
      }
      List<MapNode.Entry> root = new ArrayList<>();
      root.add(
          new MapNode.Entry("apiVersion", set.position(), scalar(set, set.ref().apiVersion())));
      root.add(new MapNode.Entry("kind", set.position(), scalar(set, "Application")));
      root.addAll(t.entries());
      String namespace =
          meta.string("namespace") != null ? meta.string("namespace") : set.namespace();
      out.add(
          new Resource(
              new MapNode(t.position(), root),
              new ResourceRef(set.ref().apiVersion(), "Application", namespace, name)));
    }
    return new Expansion(out, null);
  }

  private static ScalarNode scalar(Resource set, String value) {
    return new ScalarNode(set.position(), value);
  }

  /** The repository's directories (relative, with /) the git generator's globs select. */
  private static List<String> directories(ListNode directories, Path root) {
    List<String> all = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.filter(Files::isDirectory)
          .map(d -> root.relativize(d).toString().replace('\\', '/'))
          .filter(d -> !d.isEmpty() && !d.startsWith(".git"))
          .sorted()
          .forEach(all::add);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (Node n : directories.items()) {
      if (n instanceof MapNode d && d.string("path") != null && !Deployments.isTrue(d, "exclude")) {
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + d.string("path"));
        all.stream().filter(p -> m.matches(Path.of(p)) && !out.contains(p)).forEach(out::add);
      }
    }
    for (Node n : directories.items()) {
      if (n instanceof MapNode d && d.string("path") != null && Deployments.isTrue(d, "exclude")) {
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + d.string("path"));
        out.removeIf(p -> m.matches(Path.of(p)));
      }
    }
    return out;
  }

  /** The parameters the git directory generator gives one directory. */
  static Map<String, String> pathParams(String dir) {
    Map<String, String> p = new LinkedHashMap<>();
    String base = dir.substring(dir.lastIndexOf('/') + 1);
    p.put("path", dir);
    p.put("path.path", dir);
    p.put("path.basename", base);
    p.put(
        "path.basenameNormalized",
        base.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]", "-"));
    String[] parts = dir.split("/");
    for (int i = 0; i < parts.length; i++) {
      p.put("path[" + i + "]", parts[i]);
      p.put("path.segments[" + i + "]", parts[i]);
    }
    return p;
  }

  private static Node fill(Node node, Map<String, String> params, boolean go) {
    if (node instanceof MapNode map) {
      List<MapNode.Entry> entries = new ArrayList<>(map.size());
      for (MapNode.Entry e : map.entries()) {
        entries.add(new MapNode.Entry(e.key(), e.keyPosition(), fill(e.value(), params, go)));
      }
      return new MapNode(map.position(), entries);
    }
    if (node instanceof ListNode list) {
      List<Node> items = new ArrayList<>(list.size());
      for (Node item : list.items()) {
        items.add(fill(item, params, go));
      }
      return new ListNode(list.position(), items);
    }
    ScalarNode s = (ScalarNode) node;
    if (!(s.value() instanceof String text) || !text.contains("{{")) {
      return s;
    }
    Matcher m = (go ? GO : FAST).matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value = params.get(m.group(1));
      if (value == null && go) {
        throw new IllegalArgumentException(
            "its template reads {{." + m.group(1) + "}}, which no generator gives");
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
    }
    m.appendTail(out);
    String filled = out.toString();
    if (go && filled.contains("{{")) {
      throw new IllegalArgumentException("spl does not run Go templates beyond {{.param}}");
    }
    return new ScalarNode(s.position(), filled);
  }
}
