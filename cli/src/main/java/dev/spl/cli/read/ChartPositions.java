package dev.spl.cli.read;

import dev.spl.model.Finding;
import dev.spl.model.RelatedLocation;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps positions in a chart's rendered output back to the template that wrote them. Helm keeps no
 * source map, so a rendered line is matched to the template line that writes the same key (the k-th
 * of its kind when the template writes the key as often as the output holds it, or the only one).
 * Where no line can be told for sure (a key written by a helper, or in a loop), the finding keeps
 * the template file but no line, and its message says so: no format points at a wrong line.
 */
public final class ChartPositions {
  /**
   * One template: its source lines and the lines Helm rendered from it, each side's line numbers
   * (0-based) by the key they write, indexed once so that a finding costs a lookup, not a rescan.
   */
  private record Template(
      String shown,
      String values,
      List<ValuesFile> valuesFiles,
      List<String> source,
      List<String> rendered,
      Map<String, List<Integer>> sourceByKey,
      Map<String, List<Integer>> renderedByKey) {

    static Template of(
        String shown,
        String values,
        List<ValuesFile> valuesFiles,
        List<String> source,
        List<String> rendered) {
      return new Template(
          shown, values, valuesFiles, source, rendered, byKey(source), byKey(rendered));
    }

    private static Map<String, List<Integer>> byKey(List<String> lines) {
      Map<String, List<Integer>> out = new HashMap<>();
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = KEY.matcher(lines.get(i));
        if (m.find()) {
          out.computeIfAbsent(m.group(2), k -> new ArrayList<>()).add(i);
        }
      }
      return out;
    }
  }

  private final Map<String, Template> byName = new HashMap<>();

  /**
   * Records that findings in file {@code name} are in {@code rendered}, made from {@code template}
   * (shown as {@code shown}) with the chart's ci values file {@code values} (null: the defaults or
   * the user's values).
   */
  void add(
      String name,
      String shown,
      String values,
      List<Path> valuesFiles,
      Path template,
      String rendered) {
    List<String> source;
    try {
      source = Files.readAllLines(template);
    } catch (IOException | RuntimeException e) {
      source = List.of(); // nothing to map to: the findings say so
    }
    List<ValuesFile> read = new ArrayList<>();
    for (Path v : valuesFiles) {
      read.add(valuesFile(v));
    }
    byName.put(name, Template.of(shown, values, read, source, rendered.lines().toList()));
  }

  /**
   * A values file a rendering read, its lines by the key they write: a key the template copies from
   * values ({@code toYaml .Values.ingress.annotations}) is found where it is written.
   */
  private record ValuesFile(String shown, List<String> lines, Map<String, List<Integer>> byKey) {}

  private final Map<Path, ValuesFile> valuesFiles = new HashMap<>();

  private ValuesFile valuesFile(Path file) {
    return valuesFiles.computeIfAbsent(
        file,
        f -> {
          List<String> lines;
          try {
            lines = Files.readAllLines(f);
          } catch (IOException | RuntimeException e) {
            lines = List.of();
          }
          return new ValuesFile(DisplayPath.of(f), lines, Template.byKey(lines));
        });
  }

  /** The names of the values files read so far, as findings may carry them. */
  List<String> valuesFileNames() {
    return valuesFiles.values().stream().map(ValuesFile::shown).toList();
  }

  /**
   * {@code findings} with rendered positions mapped to their templates. A chart rendered with its
   * ci values files as well as its defaults makes the same finding once per rendering: it is
   * reported once, and a finding only a ci values file makes says which.
   */
  List<Finding> map(List<Finding> findings) {
    if (byName.isEmpty()) {
      return findings;
    }
    List<Finding> mapped = new ArrayList<>(findings.size());
    java.util.Set<List<Object>> byDefaults = new java.util.HashSet<>();
    for (Finding f : findings) {
      Template t = byName.get(f.position().file());
      Finding m = t == null ? withRelated(f) : map(t, f);
      mapped.add(m);
      if (t == null || t.values() == null) {
        byDefaults.add(key(m));
      }
    }
    java.util.Set<List<Object>> seen = new java.util.HashSet<>();
    List<Finding> out = new ArrayList<>(mapped.size());
    for (int i = 0; i < mapped.size(); i++) {
      Finding m = mapped.get(i);
      Template t = byName.get(findings.get(i).position().file());
      if (t == null || t.values() == null) {
        out.add(m);
      } else if (!byDefaults.contains(key(m)) && seen.add(key(m))) {
        out.add(
            m.position().file().equals(t.values())
                ? m
                : m.withMessage(m.message() + " (rendered with " + t.values() + ")"));
      }
    }
    out = oncePerValue(out);
    out.sort(null); // positions moved: keep the file, line, column order
    return out;
  }

  /**
   * One finding per line of a values file: a value that several templates use makes one finding per
   * object they render, all at that line; they become the first, naming the other objects as
   * related locations.
   */
  private List<Finding> oncePerValue(List<Finding> findings) {
    java.util.Set<String> values = new java.util.HashSet<>(valuesFileNames());
    Map<List<Object>, Integer> first = new java.util.HashMap<>();
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      if (!values.contains(f.position().file()) || f.resource() == null) {
        out.add(f);
        continue;
      }
      String general = f.message().replace(f.resource().describe(), "");
      List<Object> k = java.util.Arrays.asList(f.ruleId(), f.position(), general);
      Integer at = first.get(k);
      if (at == null) {
        first.put(k, out.size());
        out.add(f);
        continue;
      }
      Finding kept = out.get(at);
      List<RelatedLocation> related = new ArrayList<>(kept.related());
      related.add(new RelatedLocation(f.position(), f.resource()));
      out.set(
          at,
          new Finding(
              kept.ruleId(),
              kept.ruleName(),
              kept.severity(),
              kept.message(),
              kept.position(),
              kept.resource(),
              kept.field(),
              related,
              kept.fix()));
    }
    return out;
  }

  /** What makes two renderings' findings the same finding. */
  private static List<Object> key(Finding f) {
    return java.util.Arrays.asList(
        f.ruleId(), f.position(), f.resource(), f.field(), f.message(), f.severity());
  }

  private Finding map(Template t, Finding f) {
    if (!f.position().inText()) {
      // no rendered line to go by: the template's first line, a place an editor can open
      Finding same = withRelated(f);
      return same.withPosition(new SourcePosition(t.shown(), 1, 1));
    }
    SourcePosition mapped = map(t, f.position());
    String message =
        mapped.inText()
            ? f.message()
            : f.message()
                + " (rendered line "
                + f.position().line()
                + "; no line of the template writes it as such)";
    if (!mapped.inText()) {
      mapped = new SourcePosition(mapped.file(), 1, 1); // every finding has a line to open
    }
    return new Finding(
        f.ruleId(),
        f.ruleName(),
        f.severity(),
        message,
        mapped,
        f.resource(),
        f.field(),
        mapRelated(f.related()),
        f.fix()); // kept to say the fix belongs in the chart; never made in a rendering
  }

  private Finding withRelated(Finding f) {
    List<RelatedLocation> related = mapRelated(f.related());
    return related.equals(f.related())
        ? f
        : new Finding(
            f.ruleId(),
            f.ruleName(),
            f.severity(),
            f.message(),
            f.position(),
            f.resource(),
            f.field(),
            related,
            f.fix());
  }

  private List<RelatedLocation> mapRelated(List<RelatedLocation> related) {
    List<RelatedLocation> out = new ArrayList<>(related.size());
    for (RelatedLocation r : related) {
      Template t = byName.get(r.position().file());
      if (t == null) {
        out.add(r);
      } else {
        SourcePosition at = r.position().inText() ? map(t, r.position()) : null;
        out.add(
            new RelatedLocation(
                at != null && at.inText() ? at : new SourcePosition(t.shown(), 1, 1),
                r.resource()));
      }
    }
    return out;
  }

  // A mapping key at the start of a line (after indentation and list dashes), and where it starts.
  private static final Pattern KEY =
      Pattern.compile("^([ \\t]*(?:-[ \\t]+)*)(\"?[^\\s:#\"{}]+\"?)[ \\t]*:(?:[ \\t]|$)");

  /**
   * Where a values file the rendering read writes the key of a rendered line no template line
   * writes (the template copies it from values): the one line of the first values file, in the
   * order Helm gives them precedence, that writes the key (of several, the one with the same text);
   * empty otherwise.
   */
  private static java.util.Optional<SourcePosition> inValues(
      Template t, String name, String line, Matcher key, SourcePosition at) {
    String written = line.substring(key.end(1));
    for (ValuesFile v : t.valuesFiles()) {
      List<Integer> lines = v.byKey().getOrDefault(name, List.of());
      List<Integer> same =
          lines.size() <= 1
              ? lines
              : lines.stream()
                  .filter(i -> v.lines().get(i).strip().equals(written.strip()))
                  .toList();
      if (same.size() == 1) {
        String source = v.lines().get(same.get(0));
        Matcher sourceKey = KEY.matcher(source);
        sourceKey.find();
        int renderedKeyColumn = key.end(1) + 1;
        int sourceKeyColumn = sourceKey.end(1) + 1;
        int column =
            at.column() >= renderedKeyColumn
                ? sourceKeyColumn + (at.column() - renderedKeyColumn)
                : sourceKeyColumn;
        return java.util.Optional.of(new SourcePosition(v.shown(), same.get(0) + 1, column));
      }
    }
    return java.util.Optional.empty();
  }

  /** The template position of rendered {@code at}, or the template file with no line. */
  private static SourcePosition map(Template t, SourcePosition at) {
    SourcePosition unknown = new SourcePosition(t.shown(), 0, 0);
    int index = at.line() - 1;
    if (index < 0 || index >= t.rendered().size()) {
      return unknown;
    }
    String line = t.rendered().get(index);
    Matcher key = KEY.matcher(line);
    if (!key.find()) {
      return unknown;
    }
    String name = key.group(2);
    List<Integer> same = t.renderedByKey().getOrDefault(name, List.of());
    int occurrence = java.util.Collections.binarySearch(same, index); // same holds index
    int total = same.size();
    List<Integer> candidates = t.sourceByKey().getOrDefault(name, List.of());
    int chosen;
    if (candidates.size() == total) {
      chosen = candidates.get(occurrence);
    } else if (candidates.size() == 1) {
      chosen = candidates.get(0);
    } else if (candidates.isEmpty()) {
      return inValues(t, name, line, key, at).orElse(unknown);
    } else {
      return unknown;
    }
    String source = t.source().get(chosen);
    Matcher sourceKey = KEY.matcher(source);
    sourceKey.find();
    int renderedKeyColumn = key.end(1) + 1;
    int sourceKeyColumn = sourceKey.end(1) + 1;
    // The same column past the key when the template writes the rest of the line literally.
    boolean literal = source.substring(sourceKey.end(1)).equals(line.substring(key.end(1)));
    int column =
        literal && at.column() >= renderedKeyColumn
            ? sourceKeyColumn + (at.column() - renderedKeyColumn)
            : sourceKeyColumn;
    return new SourcePosition(t.shown(), chosen + 1, column);
  }
}
