package dev.spl.fix;

import dev.spl.load.ScalarLocator;
import dev.spl.model.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Which of a file's findings spl fixes, and the text that results: every certain fix whose scalar
 * is still where the finding says, none that overlaps another, and none that would make the file
 * lint with a finding it did not have. {@code spl lint --fix}, {@code --diff} and the language
 * server all fix through here.
 *
 * @param text the file's text with the fixes made
 * @param edits the edits made, in text order
 * @param fixed the findings those edits fix
 * @param refused findings whose fix was not made because it would add a finding
 */
public record FixPlan(
    String text, List<TextEdit> edits, List<Finding> fixed, List<Finding> refused) {

  /**
   * Plans the fixes of {@code findings} (those of {@code file}, whose content is {@code text}).
   * {@code lint} lints a text of this file alone, as it was linted: the fixed text is linted again,
   * and a fix is dropped when the result has a finding the original had not.
   */
  public static FixPlan of(
      String file, String text, List<Finding> findings, Function<String, List<Finding>> lint) {
    List<Candidate> candidates = new ArrayList<>();
    ScalarLocator locator = ScalarLocator.of(text);
    for (Finding f : findings) {
      if (f.fix() == null || !f.position().file().equals(file)) {
        continue;
      }
      List<TextEdit> edits = TextEdits.of(f.fix(), file, locator);
      if (edits.isEmpty()) {
        continue;
      }
      Candidate same =
          candidates.stream().filter(c -> c.edits.equals(edits)).findFirst().orElse(null);
      if (same != null) {
        same.findings.add(f); // two rules, one repair
      } else if (candidates.stream().noneMatch(c -> overlaps(c.edits, edits))) {
        candidates.add(new Candidate(edits, new ArrayList<>(List.of(f))));
      }
    }
    if (candidates.isEmpty()) {
      return new FixPlan(text, List.of(), List.of(), List.of());
    }
    Set<Finding.Identity> before = identities(lint.apply(text));
    FixPlan all = made(text, candidates, List.of());
    if (before.containsAll(identities(lint.apply(all.text)))) {
      return all;
    }
    // Some fix adds a finding: keep, one at a time, those that add none.
    List<Candidate> kept = new ArrayList<>();
    List<Finding> refused = new ArrayList<>();
    for (Candidate c : candidates) {
      List<Candidate> trial = new ArrayList<>(kept);
      trial.add(c);
      if (before.containsAll(identities(lint.apply(made(text, trial, List.of()).text)))) {
        kept.add(c);
      } else {
        refused.addAll(c.findings);
      }
    }
    return made(text, kept, refused);
  }

  private record Candidate(List<TextEdit> edits, List<Finding> findings) {}

  private static FixPlan made(String text, List<Candidate> chosen, List<Finding> refused) {
    List<TextEdit> edits = new ArrayList<>();
    List<Finding> fixed = new ArrayList<>();
    for (Candidate c : chosen) {
      edits.addAll(c.edits);
      fixed.addAll(c.findings);
    }
    edits.sort(java.util.Comparator.comparingInt(TextEdit::start));
    return new FixPlan(
        TextEdits.apply(text, edits), List.copyOf(edits), List.copyOf(fixed), List.copyOf(refused));
  }

  private static boolean overlaps(List<TextEdit> a, List<TextEdit> b) {
    for (TextEdit x : a) {
      for (TextEdit y : b) {
        if (x.start() < y.end() && y.start() < x.end()) {
          return true;
        }
      }
    }
    return false;
  }

  private static Set<Finding.Identity> identities(List<Finding> findings) {
    Set<Finding.Identity> out = new HashSet<>();
    for (Finding f : findings) {
      out.add(f.identity());
    }
    return out;
  }
}
