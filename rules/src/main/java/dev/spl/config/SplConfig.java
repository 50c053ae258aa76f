package dev.spl.config;

import dev.spl.Judgement;
import dev.spl.LintOptions;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.index.ControllerVersions;
import dev.spl.load.LoadLimits;
import dev.spl.load.LoadProblem;
import dev.spl.load.ParsedDocument;
import dev.spl.load.YamlStreamReader;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.model.Suggestions;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code .spl.yaml} configuration: {@code gatewayApiVersion}, {@code failOn}, per-rule {@code
 * rules: {<id or name>: off|info|warning|error}} and {@code exclude} globs, relative to the file's
 * directory; {@code offline: true} (the lint fetches nothing, as --offline). Unknown keys, rules or
 * values are errors with their position, never ignored.
 *
 * @param offline true or false when the file says whether a lint may fetch charts and remote
 *     resources, null when it does not (the flag decides)
 */
public record SplConfig(
    Path file,
    GatewayApiVersion gatewayApiVersion,
    FailOn failOn,
    Map<String, Severity> ruleSeverities,
    List<String> exclude,
    List<ResourceSuppression> suppressions,
    Skip skip,
    Admission admission,
    ControllerVersions controllers,
    Boolean offline) {

  public static final String FILE_NAME = ".spl.yaml";
  private static final Set<String> KEYS =
      Set.of(
          "gatewayApiVersion",
          "failOn",
          "rules",
          "exclude",
          "suppressions",
          "skip",
          "admission",
          "controllers",
          "offline");

  /**
   * What the admission webhook does with findings, set by the cluster's admin (the CLI ignores it):
   * {@code mode} enforce (deny at or above failOn), warn (never deny; everything as warnings) or
   * audit-only (allow, say nothing), null when the file does not say; and which findings an
   * object's own {@code ignore.spl.dev/...} annotations may silence.
   */
  public record Admission(AdmissionMode mode, AnnotationSuppressions annotationSuppressions) {
    public static final Admission DEFAULT = new Admission(null, AnnotationSuppressions.WARNINGS);
  }

  /**
   * Findings on matching resources are dropped, for manifests nobody can annotate (third-party
   * charts, vendored files). Globs match kind, namespace and name; empty rules = every rule.
   */
  public record ResourceSuppression(
      String kind, String namespace, String name, Set<String> ruleIds, String reason) {
    public boolean matches(String ruleId, ResourceRef r) {
      return r != null
          && (ruleIds.isEmpty() || ruleIds.contains(ruleId))
          && glob(kind, r.kind())
          && glob(namespace, r.namespace())
          && glob(name, r.name());
    }

    private static boolean glob(String pattern, String value) {
      return pattern == null
          || FileSystems.getDefault().getPathMatcher("glob:" + pattern).matches(Path.of(value));
    }
  }

  /** Kinds and namespaces whose resources are not reported on at all. */
  public record Skip(Set<String> kinds, Set<String> namespaces) {
    public static final Skip NONE = new Skip(Set.of(), Set.of());

    public boolean matches(ResourceRef r) {
      return r != null && (kinds.contains(r.kind()) || namespaces.contains(r.namespace()));
    }
  }

  /** A configuration file that cannot be used, with where and why. */
  public static final class Invalid extends Exception {
    Invalid(String message) {
      super(message, null, false, false);
    }
  }

  public static SplConfig none() {
    return empty(null);
  }

  /** A configuration that says nothing, read from {@code file} (null: none was read). */
  private static SplConfig empty(Path file) {
    return new SplConfig(
        file,
        null,
        null,
        Map.of(),
        List.of(),
        List.of(),
        Skip.NONE,
        Admission.DEFAULT,
        ControllerVersions.NONE,
        null);
  }

  /** {@code .spl.yaml} in {@code dir} or its nearest parent that has one. */
  public static Path discover(Path dir) {
    for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      Path candidate = d.resolve(FILE_NAME);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  public static SplConfig load(Path file) throws Invalid {
    MapNode root = readRoot(file);
    if (root == null) {
      return empty(file);
    }
    GatewayApiVersion version = null;
    FailOn failOn = null;
    Map<String, Severity> rules = new HashMap<>();
    List<String> exclude = new ArrayList<>();
    List<ResourceSuppression> suppressions = new ArrayList<>();
    Skip skip = Skip.NONE;
    Admission admission = Admission.DEFAULT;
    ControllerVersions controllers = ControllerVersions.NONE;
    Boolean offline = null;
    for (MapNode.Entry e : root.entries()) {
      String at = e.keyPosition() + ": ";
      switch (e.key()) {
        case "gatewayApiVersion" -> {
          try {
            version = GatewayApiVersion.parse(string(e, at));
          } catch (IllegalArgumentException bad) {
            throw new Invalid(at + bad.getMessage());
          }
        }
        case "failOn" -> {
          String written = string(e, at);
          try {
            failOn = FailOn.parse(written);
          } catch (IllegalArgumentException bad) {
            throw new Invalid(
                at + "failOn must be error, warning, info or never, not '" + written + "'");
          }
        }
        case "rules" -> rules.putAll(ruleLevels(e, at));
        case "exclude" -> exclude.addAll(excludeGlobs(e, at));
        case "suppressions" -> suppressions.addAll(suppressions(e, at));
        case "skip" -> skip = skip(e, at);
        case "admission" -> admission = admission(e, at);
        case "controllers" -> controllers = controllers(e, at, file);
        case "offline" -> {
          if (!(e.value() instanceof ScalarNode s && s.value() instanceof Boolean b)) {
            throw new Invalid(at + "offline must be true or false");
          }
          offline = b;
        }
        default ->
            throw new Invalid(
                at
                    + "unknown key '"
                    + e.key()
                    + "' in "
                    + FILE_NAME
                    + Suggestions.didYouMean(e.key(), KEYS)
                    + "; expected one of "
                    + String.join(", ", KEYS.stream().sorted().toList()));
      }
    }
    return new SplConfig(
        file,
        version,
        failOn,
        rules,
        List.copyOf(exclude),
        List.copyOf(suppressions),
        skip,
        admission,
        controllers,
        offline);
  }

  /**
   * {@code controllers: {envoy-gateway: v1.9}}: the release of each Gateway controller the
   * repository runs, where a rule's fact depends on it and no image tag says it.
   */
  private static ControllerVersions controllers(MapNode.Entry e, String at, Path file)
      throws Invalid {
    if (!(e.value() instanceof MapNode map)) {
      throw new Invalid(at + "controllers must be a mapping of controller to version");
    }
    Map<String, ControllerVersions.Version> out = new HashMap<>();
    for (MapNode.Entry c : map.entries()) {
      String where = c.keyPosition() + ": ";
      String controller = ControllerVersions.controllerNamed(c.key()).orElse(null);
      if (controller == null) {
        throw new Invalid(
            where
                + "unknown controller '"
                + c.key()
                + "'"
                + Suggestions.didYouMean(c.key(), ControllerVersions.configNames())
                + "; expected one of "
                + String.join(", ", ControllerVersions.configNames().stream().sorted().toList()));
      }
      if (c.value() instanceof ScalarNode n && n.value() instanceof Number number) {
        throw new Invalid(
            where
                + "write the release as v"
                + number
                + " or quoted: YAML reads an unquoted "
                + number
                + " as a number (1.10 is 1.1)");
      }
      String written =
          c.value() instanceof ScalarNode v && v.value() instanceof String text ? text : null;
      ControllerVersions.Version version =
          written == null
              ? null
              : ControllerVersions.parse(written, file.getFileName() + " controllers").orElse(null);
      if (version == null) {
        throw new Invalid(
            where + c.key() + " needs a release such as v1.9 or 1.10.2, not '" + written + "'");
      }
      out.put(controller, version);
    }
    return ControllerVersions.configured(out);
  }

  /**
   * The largest configuration read: a real one is a few KiB (thousands of suppressions stay under a
   * MiB); a bigger file is refused before it is read, not an OutOfMemoryError in the webhook.
   */
  public static final long MAX_FILE_BYTES = 4L * 1024 * 1024;

  /** The file's top-level mapping; null when the file is empty. */
  private static MapNode readRoot(Path file) throws Invalid {
    String text;
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new Invalid(
            file
                + ": configuration of "
                + size
                + " bytes refused: at most "
                + MAX_FILE_BYTES
                + " bytes (4 MiB)");
      }
      text = Files.readString(file);
    } catch (IOException e) {
      throw new Invalid(file + ": cannot read configuration: " + e.getMessage());
    }
    List<ParsedDocument> docs =
        new YamlStreamReader(LoadLimits.defaults()).read(file.toString(), text);
    if (!docs.isEmpty() && !docs.get(0).problems().isEmpty() && docs.get(0).root() == null) {
      LoadProblem p = docs.get(0).problems().get(0);
      throw new Invalid(p.position() + ": " + p.message());
    }
    if (docs.isEmpty() || docs.get(0).root() == null) {
      return null;
    }
    if (!(docs.get(0).root() instanceof MapNode root)) {
      throw new Invalid(
          file + ": the configuration must be a mapping of " + String.join(", ", KEYS));
    }
    return root;
  }

  /** {@code rules:}: rule id or name to its level; a rule off maps to null. */
  private static Map<String, Severity> ruleLevels(MapNode.Entry e, String at) throws Invalid {
    if (!(e.value() instanceof MapNode ruleMap)) {
      throw new Invalid(
          at + "rules must be a mapping of rule id or name to off, info, warning or error");
    }
    Map<String, Severity> rules = new HashMap<>();
    for (MapNode.Entry r : ruleMap.entries()) {
      String where = r.keyPosition() + ": ";
      String id =
          BuiltInRules.find(r.key())
              .orElseThrow(
                  () ->
                      new Invalid(
                          where
                              + "unknown rule '"
                              + r.key()
                              + "'"
                              + BuiltInRules.didYouMean(r.key())
                              + "; `spl rules` lists them"))
              .info()
              .id();
      String level =
          r.value() instanceof ScalarNode s && s.value() instanceof Boolean b && !b
              ? "off" // YAML reads an unquoted off as false
              : string(r, where);
      if (level.equals("warn")) {
        level = "warning";
      }
      if (level.equals("off")) {
        rules.put(id, null);
        continue;
      }
      try {
        rules.put(id, Severity.parse(level));
      } catch (IllegalArgumentException bad) {
        throw new Invalid(
            where + "rule level must be off, info, warning (warn) or error, not '" + level + "'");
      }
    }
    return rules;
  }

  private static List<String> excludeGlobs(MapNode.Entry e, String at) throws Invalid {
    if (!(e.value() instanceof ListNode globs)) {
      throw new Invalid(at + "exclude must be a list of glob patterns");
    }
    List<String> out = new ArrayList<>();
    for (Node g : globs.items()) {
      if (!(g instanceof ScalarNode s) || !(s.value() instanceof String glob)) {
        throw new Invalid(g.position() + ": exclude patterns must be strings");
      }
      out.add(glob);
    }
    return out;
  }

  private static final Set<String> ADMISSION_KEYS = Set.of("mode", "allowAnnotationSuppressions");

  private static Admission admission(MapNode.Entry e, String at) throws Invalid {
    if (!(e.value() instanceof MapNode map)) {
      throw new Invalid(at + "admission must be a mapping of " + String.join(", ", ADMISSION_KEYS));
    }
    AdmissionMode mode = null;
    AnnotationSuppressions suppressions = Admission.DEFAULT.annotationSuppressions();
    for (MapNode.Entry a : map.entries()) {
      String where = a.keyPosition() + ": ";
      switch (a.key()) {
        case "mode" -> {
          try {
            mode = AdmissionMode.parse(string(a, where));
          } catch (IllegalArgumentException bad) {
            throw new Invalid(where + bad.getMessage());
          }
        }
        case "allowAnnotationSuppressions" -> {
          String value =
              a.value() instanceof ScalarNode s && s.value() instanceof Boolean b
                  ? (b ? "all" : "none")
                  : string(a, where);
          suppressions =
              switch (value) {
                case "all" -> AnnotationSuppressions.ALL;
                case "warnings" -> AnnotationSuppressions.WARNINGS;
                case "none" -> AnnotationSuppressions.NONE;
                default ->
                    throw new Invalid(
                        where
                            + "allowAnnotationSuppressions must be all, warnings or none, not '"
                            + value
                            + "'");
              };
        }
        default ->
            throw new Invalid(
                where
                    + "unknown key '"
                    + a.key()
                    + "' in admission"
                    + Suggestions.didYouMean(a.key(), ADMISSION_KEYS)
                    + "; expected "
                    + String.join(" or ", ADMISSION_KEYS.stream().sorted().toList()));
      }
    }
    return new Admission(mode, suppressions);
  }

  /**
   * {@code base} as this configuration judges: its rule levels laid over the selection, its
   * suppressions and skips hiding what they match. What a directory's {@code .spl.yaml} says of the
   * findings in its files.
   */
  public Judgement judgement(Judgement base) {
    List<ResourceSuppression> suppressed = suppressions;
    Skip skipped = skip;
    Judgement j = base.withLevels(ruleSeverities);
    return suppressed.isEmpty() && skipped.equals(Skip.NONE)
        ? j
        : j.hiding(
            (ruleId, r) ->
                skipped.matches(r) || suppressed.stream().anyMatch(x -> x.matches(ruleId, r)));
  }

  /**
   * {@code base} as this configuration judges at admission (the webhook and its background audit):
   * {@link #judgement} and the annotation suppressions it allows, so that whether an author's
   * annotation may hide a finding is judged at the configured severity, as the generated API-server
   * policies judge it.
   */
  public LintOptions applyTo(LintOptions base) {
    return base.withJudgement(
        judgement(base.judgement().withAnnotationSuppressions(admission.annotationSuppressions())));
  }

  private static final Set<String> SUPPRESSION_KEYS =
      Set.of("kind", "namespace", "name", "rules", "reason");

  private static List<ResourceSuppression> suppressions(MapNode.Entry e, String at) throws Invalid {
    if (!(e.value() instanceof ListNode list)) {
      throw new Invalid(
          at + "suppressions must be a list of {kind, namespace, name, rules, reason}");
    }
    List<ResourceSuppression> out = new ArrayList<>();
    for (Node item : list.items()) {
      if (!(item instanceof MapNode m)) {
        throw new Invalid(item.position() + ": a suppression must be a mapping");
      }
      Map<String, String> values = new HashMap<>();
      Set<String> ruleIds = new java.util.TreeSet<>();
      for (MapNode.Entry f : m.entries()) {
        String where = f.keyPosition() + ": ";
        if (!SUPPRESSION_KEYS.contains(f.key())) {
          throw new Invalid(
              where
                  + "unknown key '"
                  + f.key()
                  + "' in a suppression"
                  + Suggestions.didYouMean(f.key(), SUPPRESSION_KEYS)
                  + "; expected kind, namespace, name, rules, reason");
        }
        if (f.key().equals("rules")) {
          for (String r : strings(f, where)) {
            ruleIds.add(
                BuiltInRules.find(r)
                    .orElseThrow(
                        () ->
                            new Invalid(
                                where
                                    + "unknown rule '"
                                    + r
                                    + "'"
                                    + BuiltInRules.didYouMean(r)
                                    + "; `spl rules` lists them"))
                    .info()
                    .id());
          }
        } else {
          values.put(f.key(), string(f, where));
        }
      }
      if (values.getOrDefault("reason", "").isBlank()) {
        throw new Invalid(item.position() + ": a suppression needs a reason (why it is safe)");
      }
      if (!values.containsKey("kind") && !values.containsKey("name")) {
        throw new Invalid(item.position() + ": a suppression needs a kind or a name to match");
      }
      out.add(
          new ResourceSuppression(
              values.get("kind"),
              values.get("namespace"),
              values.get("name"),
              Set.copyOf(ruleIds),
              values.get("reason")));
    }
    return out;
  }

  private static Skip skip(MapNode.Entry e, String at) throws Invalid {
    if (!(e.value() instanceof MapNode m)) {
      throw new Invalid(at + "skip must be a mapping with kinds and namespaces lists");
    }
    Set<String> kinds = Set.of();
    Set<String> namespaces = Set.of();
    for (MapNode.Entry f : m.entries()) {
      String where = f.keyPosition() + ": ";
      switch (f.key()) {
        case "kinds" -> kinds = Set.copyOf(strings(f, where));
        case "namespaces" -> namespaces = Set.copyOf(strings(f, where));
        default ->
            throw new Invalid(
                where + "unknown key '" + f.key() + "' in skip; expected kinds, namespaces");
      }
    }
    return new Skip(kinds, namespaces);
  }

  private static List<String> strings(MapNode.Entry e, String at) throws Invalid {
    if (!(e.value() instanceof ListNode list)) {
      throw new Invalid(at + e.key() + " must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (Node n : list.items()) {
      if (!(n instanceof ScalarNode s) || !(s.value() instanceof String text)) {
        throw new Invalid(n.position() + ": " + e.key() + " items must be strings");
      }
      out.add(text);
    }
    return out;
  }

  private static String string(MapNode.Entry e, String at) throws Invalid {
    if (e.value() instanceof ScalarNode s && s.value() != null) {
      return String.valueOf(s.value());
    }
    throw new Invalid(at + e.key() + " must be a string");
  }

  /**
   * True when {@code file} matches an exclude glob, taken relative to the configuration's
   * directory.
   */
  public boolean excludes(Path file) {
    if (exclude.isEmpty() || this.file == null) {
      return false;
    }
    Path base = this.file.toAbsolutePath().normalize().getParent();
    Path absolute = file.toAbsolutePath().normalize();
    Path relative = absolute.startsWith(base) ? base.relativize(absolute) : absolute;
    for (String glob : exclude) {
      PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + glob);
      if (m.matches(relative)) {
        return true;
      }
    }
    return false;
  }
}
