package dev.spl.cli;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import dev.spl.LintResult;
import dev.spl.fix.FixPlan;
import dev.spl.fix.TextEdit;
import dev.spl.fix.TextEdits;
import dev.spl.load.ManifestLoader;
import dev.spl.load.ScalarLocator;
import dev.spl.model.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * The fixes of a lint, against the files as they are on disk: the edits each finding's fix makes
 * (for the outputs), and for {@code --fix} and {@code --diff} the plan per file. A file Helm
 * rendered is never rewritten: its text is not in the repository.
 */
final class Fixes {
  private final Map<String, String> texts = new HashMap<>();
  private final Map<String, ScalarLocator> locators = new HashMap<>(); // one per file read
  private final String stdinText;
  private final Predicate<String> versionNamed;

  /**
   * @param versionNamed whether a file's Gateway API version was named (flag, .spl.yaml, CRDs in
   *     the input): a fix that holds only then is not made for the others
   */
  Fixes(String stdinText, Predicate<String> versionNamed) {
    this.stdinText = stdinText;
    this.versionNamed = versionNamed;
  }

  /** Per file, the fixes made and refused. */
  record FilePlan(String file, String before, FixPlan plan) {}

  /** {@code result} with the edits of every finding whose fix can be made where it is written. */
  LintResult withEdits(LintResult result) {
    Map<Finding, List<TextEdit>> edits = new HashMap<>();
    for (Finding f : result.findings()) {
      String file = f.position().file();
      String text = makeable(result, f) ? text(file) : null;
      if (text != null) {
        ScalarLocator locator = locators.computeIfAbsent(file, k -> ScalarLocator.of(text));
        List<TextEdit> e = TextEdits.of(f.fix(), file, locator);
        if (!e.isEmpty()) {
          edits.put(f, e);
        }
      }
    }
    return result.withEdits(edits);
  }

  /**
   * True when {@code f}'s fix can be made where it is written: not in a rendering (its text is not
   * in the repository), and not one that holds only for a named version when the file's was a
   * default.
   */
  private boolean makeable(LintResult result, dev.spl.model.Finding f) {
    return f.fix() != null
        && !isRendered(result, f)
        && (!f.fix().ifVersionNamed() || versionNamed.test(f.position().file()));
  }

  /** Findings with a fix in a rendered file: the fix belongs in the chart. */
  static List<Finding> inRenderedFiles(LintResult result) {
    return result.findings().stream()
        .filter(f -> f.fix() != null && isRendered(result, f))
        .toList();
  }

  /**
   * The plan of each file that has edits to make, in file order. {@code lint} lints a text of a
   * file alone, as the file was linted.
   */
  List<FilePlan> plan(LintResult result, BiFunction<String, String, List<Finding>> lint) {
    Map<String, List<Finding>> byFile = new LinkedHashMap<>();
    for (Finding f : result.findings()) {
      if (!result.editsOf(f).isEmpty()) {
        byFile.computeIfAbsent(f.position().file(), k -> new ArrayList<>()).add(f);
      }
    }
    List<FilePlan> plans = new ArrayList<>();
    for (Map.Entry<String, List<Finding>> e : byFile.entrySet()) {
      String file = e.getKey();
      String text = text(file);
      FixPlan plan = FixPlan.of(file, text, e.getValue(), t -> lint.apply(file, t));
      plans.add(new FilePlan(file, text, plan));
    }
    return plans;
  }

  /** Writes the fixed text of each plan that changes its file. */
  static void write(List<FilePlan> plans) throws IOException {
    for (FilePlan p : plans) {
      if (!p.plan().edits().isEmpty() && !p.file().equals(ManifestLoader.STDIN_NAME)) {
        Files.writeString(Path.of(p.file()), p.plan().text(), StandardCharsets.UTF_8);
      }
    }
  }

  /** A unified diff of every plan, as {@code git diff} writes one (a/ and b/ prefixes). */
  static String diff(List<FilePlan> plans) {
    StringBuilder out = new StringBuilder();
    for (FilePlan p : plans) {
      if (p.plan().edits().isEmpty()) {
        continue;
      }
      List<String> before = lines(p.before());
      List<String> after = lines(p.plan().text());
      Patch<String> patch = DiffUtils.diff(before, after);
      String name = p.file().replace('\\', '/');
      for (String line :
          UnifiedDiffUtils.generateUnifiedDiff("a/" + name, "b/" + name, before, patch, 3)) {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }

  // Lines without their terminators: a CRLF file's lines keep their \r, so the diff shows them.
  private static List<String> lines(String text) {
    List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  /**
   * Where to make a rendered finding's fix by hand, for the message that says it was not made: the
   * template line itself when the fix renames a key written there as it rendered ({@code
   * nginx.ingress.kubernetes.io/afinity: {{ .Values.affinity }}}), else the values key when the
   * line writes exactly one {@code .Values} reference, else the template or its values.
   */
  static String whereToFix(Finding f) {
    String title = f.fix().title();
    String anywhere = title + " in the template or its values";
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of(f.position().file()), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return anywhere;
    }
    int line = f.position().line();
    if (line < 1 || line > lines.size()) {
      return anywhere;
    }
    String text = lines.get(line - 1);
    String key = renamedKey(f);
    int column = f.position().column();
    if (key != null
        && column >= 1
        && column <= text.length()
        && text.substring(0, column - 1).isBlank()
        && text.startsWith(key, column - 1)
        && text.substring(column - 1 + key.length()).stripLeading().startsWith(":")) {
      return "the key is written on this line of the template: " + title + " there";
    }
    java.util.regex.Matcher m = VALUES_REFERENCE.matcher(text);
    String values = m.find() ? m.group(1) : null;
    return values != null && !m.find()
        ? "the value is .Values." + values + ": " + title + " there"
        : anywhere;
  }

  /**
   * The key a fix renames: the finding is about a key of a mapping ({@code
   * metadata.annotations["a/b"]}) and the fix's one edit writes another key of the same prefix (the
   * fix keeps the rendering's positions, so the edit is told by what it writes); null otherwise.
   */
  private static String renamedKey(Finding f) {
    if (f.fix().edits().size() != 1
        || !f.fix().mappings().isEmpty()
        || f.field() == null
        || !f.field().endsWith("\"]")) {
      return null;
    }
    int open = f.field().lastIndexOf("[\"");
    if (open < 0) {
      return null;
    }
    String key = f.field().substring(open + 2, f.field().length() - 2);
    String renamed = f.fix().edits().get(0).value();
    return renamed != null
            && !renamed.equals(key)
            && renamed.matches("[A-Za-z0-9][A-Za-z0-9._/-]*")
            && prefix(renamed).equals(prefix(key))
        ? key
        : null;
  }

  private static String prefix(String key) {
    int slash = key.indexOf('/');
    return slash < 0 ? "" : key.substring(0, slash);
  }

  private static final java.util.regex.Pattern VALUES_REFERENCE =
      java.util.regex.Pattern.compile("\\.Values\\.([A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*)");

  private static boolean isRendered(LintResult result, Finding f) {
    return result.inputs().renderedFrom().containsKey(f.position().file());
  }

  /** The text of a file findings name, read once; null when it cannot be read. */
  private String text(String file) {
    if (file.equals(ManifestLoader.STDIN_NAME)) {
      return stdinText;
    }
    return texts.computeIfAbsent(
        file,
        f -> {
          try {
            return Files.readString(Path.of(f), StandardCharsets.UTF_8);
          } catch (IOException | RuntimeException e) {
            return null; // moved or unreadable since the lint: no fix offered
          }
        });
  }
}
