package dev.spl.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A rule's long prose, kept with its examples in {@code examples/<id>-<name>/rule.md} under the
 * headings Why, Fix and Reference, where a writer edits it as text and not as Java strings; {@code
 * spl explain}, {@code spl rules} and the docs read it through {@link RuleInfo}. Read when first
 * asked for, not at startup: a lint needs none of it.
 */
public record RuleDossier(String why, String fix, String reference) {
  static final RuleDossier NONE = new RuleDossier("", "", "");
  static final String FILE = "rule.md";

  private static final Map<String, RuleDossier> READ = new ConcurrentHashMap<>();

  /** The dossier of {@code rule}; empty texts for a rule that has none (tests' own rules). */
  static RuleDossier of(RuleInfo rule) {
    return READ.computeIfAbsent(RuleExamples.folder(rule), folder -> read(folder));
  }

  private static RuleDossier read(String folder) {
    String resource = "/examples/" + folder + "/" + FILE;
    try (InputStream in = RuleDossier.class.getResourceAsStream(resource)) {
      return in == null ? NONE : parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The sections of {@code markdown} by their {@code ## } headings; a section's lines are joined by
   * spaces, its paragraphs by a blank line. Comments and the title are not part of any.
   */
  static RuleDossier parse(String markdown) {
    Map<String, List<String>> sections = new LinkedHashMap<>();
    List<String> current = null;
    for (String line : markdown.replaceAll("(?s)<!--.*?-->", "").split("\n", -1)) {
      if (line.startsWith("## ")) {
        current = sections.computeIfAbsent(line.substring(3).strip(), k -> new ArrayList<>());
      } else if (current != null && !line.startsWith("# ")) {
        current.add(line.strip());
      }
    }
    return new RuleDossier(
        text(sections.get("Why")), text(sections.get("Fix")), text(sections.get("Reference")));
  }

  private static String text(List<String> lines) {
    if (lines == null) {
      return "";
    }
    return String.join("\n", lines)
        .strip()
        .replaceAll("\n\n+", "\u0000")
        .replace('\n', ' ')
        .replace("\u0000", "\n\n");
  }
}
