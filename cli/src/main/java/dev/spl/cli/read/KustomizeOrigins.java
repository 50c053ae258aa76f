package dev.spl.cli.read;

import dev.spl.load.LoadLimits;
import dev.spl.load.LoadedInput;
import dev.spl.load.ParsedDocument;
import dev.spl.load.YamlStreamReader;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The objects of a real kustomize build, placed back in the files a user edits: each value at the
 * line of the patch that set it (the outermost kustomization's last patch first, as kustomize
 * applies them in order, level by level), else at its line in the file the object came from (the
 * {@code config.kubernetes.io/origin} annotation kustomize adds on request), else at the nearest
 * value above it that is written somewhere. So a finding on a built object lands where it is fixed,
 * and the same base line built by two overlays is one line, reported once.
 */
public final class KustomizeOrigins {
  static final String ORIGIN = "config.kubernetes.io/origin";

  private final Path top; // the build's kustomization directory, absolute
  private final String build; // "kustomize build deploy/overlays/prod"
  private final Function<Path, String> display; // an absolute source path as findings name it
  private final Map<Path, List<MapNode>> documents = new HashMap<>();
  private final Map<Path, List<Node>> parsed; // shared by the builds of a run: a base parsed once
  private final List<Patch> patches = new ArrayList<>(); // in the order kustomize applies them
  private final List<Path> kustomizations = new ArrayList<>(); // the build's, outermost first
  private final Set<String> sourceFiles = new java.util.TreeSet<>();

  /** One patch: its target (null: the patch's own kind and name) and where it is written. */
  private record Patch(MapNode target, Source source, String kind, String name) {}

  /** A place values are written: a document, or a JSON 6902 patch's operations. */
  private interface Source {
    /** Where the value at {@code path} is written here, or null when it is not. */
    Located find(List<Step> path);
  }

  /** A step down a built object: a map key, or a list item (with its {@code name}, if any). */
  private record Step(String key, int index, String itemName) {}

  /** Where a value's key (or list item) and the value itself are written. */
  private record Located(SourcePosition key, SourcePosition value) {}

  // how a written name reads in the build after steps outside kustomize (Flux's substitution)
  private java.util.function.UnaryOperator<String> written =
      java.util.function.UnaryOperator.identity();

  /** These origins, with names as written turned into built names by {@code substitution}. */
  KustomizeOrigins substituting(java.util.function.UnaryOperator<String> substitution) {
    this.written = substitution;
    return this;
  }

  KustomizeOrigins(
      Path top, String build, Function<Path, String> display, Map<Path, List<Node>> parsed) {
    this.parsed = parsed;
    this.top = top.toAbsolutePath().normalize();
    this.build = build;
    this.display = display;
    collectPatches(this.top, new HashSet<>());
    java.util.Collections.reverse(kustomizations);
  }

  /**
   * These origins with the inline {@code patches} of a GitOps object written in {@code ownerFile}
   * (a Flux Kustomization's): applied after the path's own, so a value they set is placed at their
   * line there.
   */
  KustomizeOrigins withPatchesOf(Node patches, Path ownerFile) {
    if (!(patches instanceof ListNode list)) {
      return this;
    }
    Path file = ownerFile.toAbsolutePath().normalize();
    for (Node item : list.items()) {
      if (item instanceof MapNode m
          && m.get("patch") instanceof ScalarNode s
          && s.value() instanceof String text) {
        addPatch(
            m.map("target"),
            inlineAt(file, display.apply(file), text, m.entry("patch").keyPosition()));
      }
    }
    return this;
  }

  private void addPatch(MapNode target, List<Node> written) {
    for (Node doc : written) {
      if (doc instanceof ListNode ops) {
        patches.add(new Patch(target, new OperationsSource(ops), null, null));
      } else if (doc instanceof MapNode smp) {
        MapNode meta = smp.map("metadata");
        patches.add(
            new Patch(
                target,
                new DocumentSource(smp),
                smp.string("kind"),
                meta == null ? null : meta.string("name")));
      }
    }
  }

  /** The files the build's objects came from, as findings name them. */
  Set<String> sourceFiles() {
    return sourceFiles;
  }

  /**
   * {@code built} (the build's output, loaded) with every object's values at their written places
   * and the origin annotation spl asked for taken off; {@code wrapper} is where the origin paths
   * start.
   */
  LoadedInput place(LoadedInput built, Path wrapper) {
    List<Resource> placed = new ArrayList<>(built.resources().size());
    for (Resource r : built.resources()) {
      placed.add(place(r, wrapper));
    }
    return new LoadedInput(
        placed, built.problems(), built.inputErrors(), 0, built.documents(), List.of());
  }

  private Resource place(Resource built, Path wrapper) {
    Map<String, String> origin = originOf(built.root());
    MapNode root = withoutOrigin(built.root());
    List<Source> sources = new ArrayList<>();
    for (int i = patches.size() - 1; i >= 0; i--) {
      Patch p = patches.get(i);
      if (applies(p, built)) {
        sources.add(p.source());
      }
    }
    String writtenName = null;
    SourcePosition fallback;
    String fetchedFrom = fileUrl(origin.get("path"));
    if (origin.containsKey("path") && !origin.containsKey("repo") && fetchedFrom == null) {
      Path file = wrapper.resolve(origin.get("path")).normalize();
      MapNode doc = documentOf(file, built.kind(), built.name());
      if (doc != null) {
        sources.add(new DocumentSource(doc));
        writtenName = doc.map("metadata") == null ? null : doc.map("metadata").string("name");
        fallback = doc.position();
      } else {
        fallback = new SourcePosition(display.apply(file), 1, 1);
      }
      sourceFiles.add(display.apply(file));
    } else if (origin.containsKey("configuredIn")) {
      // generated (a configMapGenerator): at the generator's key in its kustomization
      Path file = wrapper.resolve(origin.get("configuredIn")).normalize();
      fallback = generatorLine(file, origin.getOrDefault("kind", ""));
    } else {
      // a remote resource (a repository, or a file's URL): at the kustomization line listing it
      fallback = remoteLine(fetchedFrom != null ? fetchedFrom : origin.getOrDefault("repo", ""));
    }
    Node placed = place(root, List.of(), sources, fallback);
    ResourceRef ref = built.ref();
    Resource.Rename rename =
        writtenName != null
                && !writtenName.equals(built.name())
                && !Kustomizations.keepsName(built.kind())
            ? new Resource.Rename(writtenName, build)
            : null;
    return new Resource((MapNode) placed, ref, rename);
  }

  private Node place(Node built, List<Step> path, List<Source> sources, SourcePosition here) {
    if (built instanceof MapNode map) {
      List<MapNode.Entry> entries = new ArrayList<>(map.size());
      for (MapNode.Entry e : map.entries()) {
        List<Step> child = with(path, new Step(e.key(), -1, null));
        Located at = find(sources, child);
        SourcePosition key = at == null ? here : at.key();
        entries.add(
            new MapNode.Entry(
                e.key(), key, place(e.value(), child, sources, at == null ? key : at.value())));
      }
      return new MapNode(here, entries);
    }
    if (built instanceof ListNode list) {
      List<Node> items = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        Node item = list.get(i);
        String name = item instanceof MapNode m ? m.string("name") : null;
        List<Step> child = with(path, new Step(null, i, name));
        Located at = find(sources, child);
        items.add(place(item, child, sources, at == null ? here : at.value()));
      }
      return new ListNode(here, items);
    }
    return new ScalarNode(here, ((ScalarNode) built).value());
  }

  private static Located find(List<Source> sources, List<Step> path) {
    for (Source s : sources) {
      Located at = s.find(path);
      if (at != null) {
        return at;
      }
    }
    return null;
  }

  private static List<Step> with(List<Step> path, Step step) {
    List<Step> out = new ArrayList<>(path.size() + 1);
    out.addAll(path);
    out.add(step);
    return out;
  }

  /** A document as written: a base's object, or a strategic merge patch. */
  private record DocumentSource(MapNode root) implements Source {
    @Override
    public Located find(List<Step> path) {
      return walk(root, path);
    }
  }

  static Located walk(Node start, List<Step> path) {
    Node node = start;
    SourcePosition key = start.position();
    for (Step step : path) {
      if (step.key() != null) {
        if (!(node instanceof MapNode map) || !map.has(step.key())) {
          return null;
        }
        MapNode.Entry e = map.entry(step.key());
        key = e.keyPosition();
        node = e.value();
      } else {
        if (!(node instanceof ListNode list)) {
          return null;
        }
        Node item = null;
        if (step.itemName() != null) {
          // a list of named items (containers, ports) merges by name, not by place
          for (Node candidate : list.items()) {
            if (candidate instanceof MapNode m && step.itemName().equals(m.string("name"))) {
              item = candidate;
            }
          }
        }
        if (item == null && step.itemName() == null && step.index() < list.size()) {
          item = list.get(step.index());
        }
        if (item == null) {
          return null;
        }
        key = item.position();
        node = item;
      }
    }
    return new Located(key, node.position());
  }

  /** A JSON 6902 patch: each add or replace writes its value at its path. */
  private record OperationsSource(ListNode operations) implements Source {
    @Override
    public Located find(List<Step> path) {
      for (int i = operations.size() - 1; i >= 0; i--) {
        if (!(operations.get(i) instanceof MapNode op)
            || !(op.get("path") instanceof ScalarNode p && p.value() instanceof String pointer)
            || !op.has("value")) {
          continue;
        }
        List<String> parts = pointer(pointer);
        if (parts == null || parts.size() > path.size() || !matches(parts, path)) {
          continue;
        }
        List<Step> rest = path.subList(parts.size(), path.size());
        if (rest.isEmpty()) {
          return new Located(op.entry("value").keyPosition(), op.get("value").position());
        }
        Located inside = walk(op.get("value"), rest);
        if (inside != null) {
          return inside;
        }
      }
      return null;
    }

    private static boolean matches(List<String> parts, List<Step> path) {
      for (int i = 0; i < parts.size(); i++) {
        Step s = path.get(i);
        String part = parts.get(i);
        if (s.key() != null ? !s.key().equals(part) : !part.equals(Integer.toString(s.index()))) {
          return false;
        }
      }
      return true;
    }

    private static List<String> pointer(String text) {
      if (!text.startsWith("/")) {
        return null;
      }
      List<String> out = new ArrayList<>();
      for (String part : text.substring(1).split("/", -1)) {
        out.add(part.replace("~1", "/").replace("~0", "~"));
      }
      return out;
    }
  }

  /**
   * Whether kustomize applies {@code p} to {@code built}: its target's kind and name (a regular
   * expression in kustomize), or the patch's own kind and name, against the built name or the name
   * before this build's prefix and suffix.
   */
  private static boolean applies(Patch p, Resource built) {
    String kind = p.target() != null ? p.target().string("kind") : p.kind();
    String name = p.target() != null ? p.target().string("name") : p.name();
    if (p.target() != null && p.target().has("labelSelector")) {
      return kind == null || kind.equals(built.kind()); // labels: kind alone decides, loosely
    }
    if (kind != null && !kind.equals(built.kind())) {
      return false;
    }
    if (name == null) {
      return p.target() != null;
    }
    if (name.equals(built.name()) || built.name().contains(name)) {
      return true;
    }
    try {
      return java.util.regex.Pattern.matches(name, built.name());
    } catch (java.util.regex.PatternSyntaxException e) {
      return false;
    }
  }

  /** The patches of {@code dir}'s kustomization and its bases, bases first. */
  private void collectPatches(Path dir, Set<Path> visiting) {
    if (!visiting.add(dir)) {
      return;
    }
    Path file = kustomizationIn(dir);
    MapNode root = file == null ? null : firstDocument(file);
    if (root == null) {
      return;
    }
    kustomizations.add(file);
    for (String key : List.of("resources", "bases", "components")) {
      if (root.get(key) instanceof ListNode list) {
        for (Node item : list.items()) {
          if (item instanceof ScalarNode s && s.value() instanceof String ref && !remote(ref)) {
            Path base = dir.resolve(ref).normalize();
            if (Files.isDirectory(base)) {
              collectPatches(base, visiting);
            }
          }
        }
      }
    }
    for (String key : List.of("patchesStrategicMerge", "patches", "patchesJson6902")) {
      if (!(root.get(key) instanceof ListNode list)) {
        continue;
      }
      for (Node item : list.items()) {
        MapNode target = null;
        List<Node> written = new ArrayList<>();
        if (item instanceof ScalarNode s && s.value() instanceof String text) {
          if (text.contains("\n")) {
            written.addAll(inline(file, text, s.position()));
          } else {
            written.addAll(documents(dir.resolve(text).normalize()));
          }
        } else if (item instanceof MapNode m) {
          target = m.map("target");
          if (m.string("path") != null) {
            written.addAll(documents(dir.resolve(m.string("path")).normalize()));
          } else if (m.get("patch") instanceof ScalarNode s && s.value() instanceof String text) {
            written.addAll(inline(file, text, m.entry("patch").keyPosition()));
          }
        }
        addPatch(target, written);
      }
    }
    visiting.remove(dir);
  }

  /**
   * An inline patch, its positions moved to where its text is written in the kustomization: a block
   * scalar starts on the line after its key, indented.
   */
  private List<Node> inline(Path kustomization, String text, SourcePosition key) {
    return inlineAt(kustomization, display.apply(kustomization), text, key);
  }

  /**
   * A patch written inline in {@code file} (shown as {@code name}) at {@code key}, its positions in
   * that file: a block scalar starts on the line after its key, indented.
   */
  static List<Node> inlineAt(Path file, String name, String text, SourcePosition key) {
    int indent = 0;
    try {
      List<String> lines = Files.readAllLines(file);
      for (int i = key.line(); i < lines.size(); i++) {
        String line = lines.get(i);
        if (!line.isBlank()) {
          indent = line.length() - line.stripLeading().length();
          break;
        }
      }
    } catch (IOException e) {
      return List.of();
    }
    int lineShift = key.line();
    int columnShift = indent;
    List<Node> out = new ArrayList<>();
    for (ParsedDocument d : new YamlStreamReader(LoadLimits.defaults()).read(name, text)) {
      if (d.root() != null) {
        out.add(shifted(d.root(), name, lineShift, columnShift));
      }
    }
    return out;
  }

  private static Node shifted(Node n, String file, int lines, int columns) {
    SourcePosition p = n.position();
    SourcePosition at = new SourcePosition(file, p.line() + lines, p.column() + columns);
    if (n instanceof MapNode map) {
      List<MapNode.Entry> entries = new ArrayList<>(map.size());
      for (MapNode.Entry e : map.entries()) {
        SourcePosition k = e.keyPosition();
        entries.add(
            new MapNode.Entry(
                e.key(),
                new SourcePosition(file, k.line() + lines, k.column() + columns),
                shifted(e.value(), file, lines, columns)));
      }
      return new MapNode(at, entries);
    }
    if (n instanceof ListNode list) {
      List<Node> items = new ArrayList<>(list.size());
      for (Node item : list.items()) {
        items.add(shifted(item, file, lines, columns));
      }
      return new ListNode(at, items);
    }
    return new ScalarNode(at, ((ScalarNode) n).value());
  }

  /** The document of {@code file} that writes the object built as {@code kind} {@code name}. */
  private MapNode documentOf(Path file, String kind, String name) {
    MapNode best = null;
    int bestLength = -1;
    for (MapNode doc : mapDocuments(file)) {
      MapNode meta = doc.map("metadata");
      String written =
          meta == null || meta.string("name") == null
              ? null
              : this.written.apply(meta.string("name"));
      if (!kind.equals(doc.string("kind")) || written == null) {
        continue;
      }
      if (written.equals(name)) {
        return doc;
      }
      if (name.contains(written) && written.length() > bestLength) {
        best = doc;
        bestLength = written.length();
      }
    }
    return best;
  }

  private List<MapNode> mapDocuments(Path file) {
    return documents.computeIfAbsent(
        file,
        f ->
            documents(f).stream()
                .filter(MapNode.class::isInstance)
                .map(MapNode.class::cast)
                .toList());
  }

  private List<Node> documents(Path file) {
    return parsed.computeIfAbsent(file, this::parse);
  }

  private List<Node> parse(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    List<Node> out = new ArrayList<>();
    for (ParsedDocument d :
        new YamlStreamReader(LoadLimits.defaults()).read(display.apply(file), text)) {
      if (d.root() != null) {
        out.add(d.root());
      }
    }
    return out;
  }

  private MapNode firstDocument(Path file) {
    List<Node> docs = documents(file);
    return !docs.isEmpty() && docs.get(0) instanceof MapNode m ? m : null;
  }

  static Path kustomizationIn(Path dir) {
    for (String name : List.of("kustomization.yaml", "kustomization.yml", "Kustomization")) {
      if (Files.isRegularFile(dir.resolve(name))) {
        return dir.resolve(name);
      }
    }
    return null;
  }

  private SourcePosition generatorLine(Path kustomization, String generatorKind) {
    String key =
        switch (generatorKind) {
          case "ConfigMapGenerator" -> "configMapGenerator";
          case "SecretGenerator" -> "secretGenerator";
          case "HelmChartInflationGenerator" -> "helmCharts";
          default -> "generators";
        };
    MapNode root = firstDocument(kustomization);
    if (root != null && root.has(key)) {
      return root.entry(key).keyPosition();
    }
    return new SourcePosition(display.apply(kustomization), 1, 1);
  }

  private SourcePosition remoteLine(String repo) {
    String bare = repo.replaceFirst("^[a-z+]+://", "").replaceFirst("\\.git$", "");
    for (Path k : kustomizations) {
      MapNode root = firstDocument(k);
      if (root == null) {
        continue;
      }
      for (String key : List.of("resources", "bases", "components")) {
        if (root.get(key) instanceof ListNode list) {
          for (Node item : list.items()) {
            if (item instanceof ScalarNode s
                && s.value() instanceof String ref
                && remote(ref)
                && (bare.isEmpty() || ref.contains(bare))) {
              return s.position();
            }
          }
        }
      }
    }
    Path file = kustomizationIn(top);
    return new SourcePosition(display.apply(file == null ? top : file), 1, 1);
  }

  /**
   * The URL of a file kustomize fetched, from its origin path: kustomize joins the URL to the
   * kustomization's directory ({@code ../app/http:/127.0.0.1:8080/route.yaml}); null for a local
   * file.
   */
  static String fileUrl(String originPath) {
    if (originPath == null) {
      return null;
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?:^|/)(https?):/+(.*)$").matcher(originPath);
    return m.find() ? m.group(1) + "://" + m.group(2) : null;
  }

  static boolean remote(String ref) {
    return ref.contains("://") || ref.startsWith("github.com/") || ref.contains("?ref=");
  }

  /** The origin annotation's fields (path, repo, ref, configuredIn, and the generator's kind). */
  private static Map<String, String> originOf(MapNode root) {
    MapNode meta = root.map("metadata");
    MapNode annotations = meta == null ? null : meta.map("annotations");
    String text = annotations == null ? null : annotations.string(ORIGIN);
    Map<String, String> out = new HashMap<>();
    if (text == null) {
      return out;
    }
    for (String line : text.lines().toList()) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        String key = line.substring(0, colon).strip();
        String value = line.substring(colon + 1).strip();
        if (!value.isEmpty()) {
          out.putIfAbsent(key, value.replaceAll("^['\"]|['\"]$", ""));
        }
      }
    }
    return out;
  }

  /** {@code root} without the origin annotation (and without annotations, when it was the one). */
  static MapNode withoutOrigin(MapNode root) {
    MapNode meta = root.map("metadata");
    MapNode annotations = meta == null ? null : meta.map("annotations");
    if (annotations == null || !annotations.has(ORIGIN)) {
      return root;
    }
    List<MapNode.Entry> kept =
        annotations.entries().stream().filter(e -> !e.key().equals(ORIGIN)).toList();
    List<MapNode.Entry> metaEntries = new ArrayList<>();
    for (MapNode.Entry e : meta.entries()) {
      if (!e.key().equals("annotations")) {
        metaEntries.add(e);
      } else if (!kept.isEmpty()) {
        metaEntries.add(
            new MapNode.Entry(e.key(), e.keyPosition(), new MapNode(annotations.position(), kept)));
      }
    }
    List<MapNode.Entry> rootEntries = new ArrayList<>();
    for (MapNode.Entry e : root.entries()) {
      rootEntries.add(
          e.key().equals("metadata")
              ? new MapNode.Entry(
                  e.key(), e.keyPosition(), new MapNode(meta.position(), metaEntries))
              : e);
    }
    return new MapNode(root.position(), rootEntries);
  }
}
