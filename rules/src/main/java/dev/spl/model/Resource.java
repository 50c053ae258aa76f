package dev.spl.model;

/**
 * One Kubernetes object from the input: its coordinates, its tree, and where it starts. Items of a
 * {@code List} are resources of their own.
 */
public final class Resource {
  /**
   * The prefix of the annotations that suppress a rule on this object ({@code ignore.spl.dev/<rule
   * id or name>}); kept with the object model so every layer can read it.
   */
  public static final String SUPPRESSION_PREFIX = "ignore.spl.dev/";

  /**
   * A name a build gave the object in place of the one its file writes (kustomize's namePrefix and
   * nameSuffix): references the build did not rewrite still name {@code writtenName}.
   *
   * @param by what renamed it, as a user would name it ({@code kustomize build overlays/prod})
   */
  public record Rename(String writtenName, String by) {}

  private final MapNode root;
  private final ResourceRef ref;
  private final SourcePosition position;
  private final Rename rename;
  // Found once here, so no later layer asks the object its kind again.
  private final KindCatalogue.Kind catalogued;
  private final String group;
  // The rule ids and names its ignore.spl.dev annotations name, lower-cased; computed once, so a
  // rule reporting once per annotation does not re-read them all each time.
  private java.util.Set<String> suppressed;

  public Resource(MapNode root, ResourceRef ref) {
    this(root, ref, null);
  }

  /** An object a build renamed: {@code ref} carries the build's name, {@code rename} the file's. */
  public Resource(MapNode root, ResourceRef ref, Rename rename) {
    this.root = root;
    this.ref = ref;
    this.position = root.position();
    this.rename = rename;
    String written = ref.group();
    this.catalogued = KindCatalogue.readAs(written, ref.kind());
    // the catalogue's String when it has the kind: the keys of many objects share one group
    this.group =
        catalogued != null && catalogued.group().equals(written) ? catalogued.group() : written;
  }

  /** The catalogue's entry for this object's kind, or null when spl does not catalogue it. */
  public KindCatalogue.Kind catalogued() {
    return catalogued;
  }

  /** What this object is to the rules: {@link KindRole#NONE} for a kind not catalogued. */
  public KindRole role() {
    return catalogued == null ? KindRole.NONE : catalogued.role();
  }

  /** Where session persistence sits on this object's kind, or null when it carries none. */
  public AttachmentPoint attachment() {
    return catalogued == null ? null : catalogued.attachment();
  }

  /** True when routes, policies or Gateways can name this object. */
  public boolean isReferenceTarget() {
    return catalogued != null && catalogued.referenceTarget();
  }

  /** How a build renamed this object, when one did. */
  public java.util.Optional<Rename> rename() {
    return java.util.Optional.ofNullable(rename);
  }

  public MapNode root() {
    return root;
  }

  public ResourceRef ref() {
    return ref;
  }

  public SourcePosition position() {
    return position;
  }

  public String file() {
    return position.file();
  }

  public String kind() {
    return ref.kind();
  }

  public String name() {
    return ref.name();
  }

  public String namespace() {
    return ref.namespace();
  }

  /** The API group: the part of apiVersion before the slash, "" for the core group. */
  public String group() {
    return group;
  }

  public boolean is(String group, String kind) {
    return ref.kind().equals(kind) && group().equals(group);
  }

  public MapNode spec() {
    return root.map("spec");
  }

  public MapNode metadata() {
    return root.map("metadata");
  }

  /** metadata.annotations, or null when there are none. */
  public MapNode annotations() {
    MapNode metadata = metadata();
    return metadata == null ? null : metadata.map("annotations");
  }

  /**
   * What this object's {@code ignore.spl.dev/<rule id or name>} annotations with a scalar value
   * name, lower-cased (a key matches in any case).
   */
  public java.util.Set<String> suppressedNames() {
    if (suppressed == null) {
      java.util.Set<String> names = new java.util.HashSet<>();
      MapNode annotations = annotations();
      if (annotations != null) {
        for (MapNode.Entry e : annotations.entries()) {
          String key = e.key();
          if (e.value() instanceof ScalarNode
              && key.regionMatches(true, 0, SUPPRESSION_PREFIX, 0, SUPPRESSION_PREFIX.length())) {
            names.add(
                key.substring(SUPPRESSION_PREFIX.length()).toLowerCase(java.util.Locale.ROOT));
          }
        }
      }
      suppressed = names;
    }
    return suppressed;
  }

  /**
   * Where the field at {@code path} is written: its key, or its list item; when the field is
   * missing, the key of the deepest parent that exists.
   */
  public SourcePosition positionOf(FieldPath path) {
    SourcePosition at = position;
    Node node = root;
    for (Object segment : path.segments()) {
      if (segment instanceof String key && node instanceof MapNode map && map.has(key)) {
        MapNode.Entry e = map.entry(key);
        at = e.keyPosition();
        node = e.value();
      } else if (segment instanceof Integer i && node instanceof ListNode list && i < list.size()) {
        node = list.get(i);
        at = node.position();
      } else {
        break;
      }
    }
    return at;
  }

  /** The node at {@code path}, or null when any part of it is missing. */
  public Node nodeAt(FieldPath path) {
    Node node = root;
    for (Object segment : path.segments()) {
      if (segment instanceof String key && node instanceof MapNode map) {
        node = map.get(key);
      } else if (segment instanceof Integer i && node instanceof ListNode list && i < list.size()) {
        node = list.get(i);
      } else {
        return null;
      }
      if (node == null) {
        return null;
      }
    }
    return node;
  }
}
