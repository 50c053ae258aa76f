package dev.spl.cli;

import dev.spl.load.LoadLimits;
import dev.spl.load.LoadProblem;
import dev.spl.load.ParsedDocument;
import dev.spl.load.YamlStreamReader;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.BuiltInRules;
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
 * directory. Unknown keys, rules or values are errors with their position, never ignored.
 */
record SplConfig(
    Path file,
    GatewayApiVersion gatewayApiVersion,
    String failOn,
    Map<String, Severity> ruleSeverities,
    List<String> exclude) {

  static final String FILE_NAME = ".spl.yaml";
  private static final Set<String> KEYS = Set.of("gatewayApiVersion", "failOn", "rules", "exclude");
  private static final Set<String> FAIL_ON = Set.of("error", "warning", "info", "never");

  /** A configuration file that cannot be used, with where and why. */
  static final class Invalid extends Exception {
    Invalid(String message) {
      super(message, null, false, false);
    }
  }

  static SplConfig none() {
    return new SplConfig(null, null, null, Map.of(), List.of());
  }

  /** {@code .spl.yaml} in {@code dir} or its nearest parent that has one. */
  static Path discover(Path dir) {
    for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      Path candidate = d.resolve(FILE_NAME);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  static SplConfig load(Path file) throws Invalid {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new Invalid(file + ": cannot read configuration: " + e.getMessage());
    }
    List<ParsedDocument> docs =
        new YamlStreamReader(LoadLimits.defaults()).read(file.toString(), text);
    if (docs.isEmpty() || docs.get(0).root() == null) {
      if (!docs.isEmpty() && !docs.get(0).problems().isEmpty()) {
        LoadProblem p = docs.get(0).problems().get(0);
        throw new Invalid(p.position() + ": " + p.message());
      }
      return new SplConfig(file, null, null, Map.of(), List.of());
    }
    if (!(docs.get(0).root() instanceof MapNode root)) {
      throw new Invalid(
          file + ": the configuration must be a mapping of " + String.join(", ", KEYS));
    }
    GatewayApiVersion version = null;
    String failOn = null;
    Map<String, Severity> rules = new HashMap<>();
    List<String> exclude = new ArrayList<>();
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
          failOn = string(e, at);
          if (!FAIL_ON.contains(failOn)) {
            throw new Invalid(
                at + "failOn must be error, warning, info or never, not '" + failOn + "'");
          }
        }
        case "rules" -> {
          if (!(e.value() instanceof MapNode ruleMap)) {
            throw new Invalid(
                at + "rules must be a mapping of rule id or name to off, info, warning or error");
          }
          for (MapNode.Entry r : ruleMap.entries()) {
            String where = r.keyPosition() + ": ";
            if (BuiltInRules.find(r.key()).isEmpty()) {
              throw new Invalid(where + "unknown rule '" + r.key() + "'; `spl rules` lists them");
            }
            String level =
                r.value() instanceof ScalarNode s && s.value() instanceof Boolean b && !b
                    ? "off" // YAML reads an unquoted off as false
                    : string(r, where);
            if (level.equals("off")) {
              rules.put(r.key(), null);
            } else {
              try {
                rules.put(r.key(), Severity.parse(level));
              } catch (IllegalArgumentException bad) {
                throw new Invalid(
                    where + "rule level must be off, info, warning or error, not '" + level + "'");
              }
            }
          }
        }
        case "exclude" -> {
          if (!(e.value() instanceof ListNode globs)) {
            throw new Invalid(at + "exclude must be a list of glob patterns");
          }
          for (Node g : globs.items()) {
            if (!(g instanceof ScalarNode s) || !(s.value() instanceof String glob)) {
              throw new Invalid(g.position() + ": exclude patterns must be strings");
            }
            exclude.add(glob);
          }
        }
        default ->
            throw new Invalid(
                at
                    + "unknown key '"
                    + e.key()
                    + "' in "
                    + FILE_NAME
                    + "; expected one of "
                    + String.join(", ", KEYS.stream().sorted().toList()));
      }
    }
    return new SplConfig(file, version, failOn, rules, List.copyOf(exclude));
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
  boolean excludes(Path file) {
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
