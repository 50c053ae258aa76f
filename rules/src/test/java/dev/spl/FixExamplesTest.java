package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.fix.FixPlan;
import dev.spl.model.Finding;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleExamples;
import dev.spl.rules.RuleInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The fixes, held to the examples: a rule declared fixable fixes its bad.yaml into exactly the text
 * of {@code fixed.txt} beside it (which differs from bad.yaml only where a fix is), and that text
 * no longer has a finding spl would fix. {@code -Dspl.update-fixed=true} writes the files (review
 * the diff before committing).
 */
class FixExamplesTest {
  private static final boolean UPDATE = Boolean.getBoolean("spl.update-fixed");

  @TestFactory
  Stream<DynamicTest> fixableRulesFixTheirBadExample() {
    return BuiltInRules.all().stream()
        .map(Rule::info)
        .filter(RuleInfo::fixable)
        .map(
            rule ->
                DynamicTest.dynamicTest(
                    rule.id(),
                    () -> {
                      Path folder = ExamplesTest.EXAMPLES.resolve(RuleExamples.folder(rule));
                      Path bad = folder.resolve("bad.yaml");
                      String text = Files.readString(bad, StandardCharsets.UTF_8);
                      FixPlan plan = plan(bad, text);
                      assertTrue(
                          plan.fixed().stream().anyMatch(f -> f.ruleId().equals(rule.id())),
                          bad + ": no finding of " + rule.id() + " was fixed");
                      Path expected = folder.resolve("fixed.txt");
                      if (UPDATE) {
                        Files.writeString(expected, plan.text(), StandardCharsets.UTF_8);
                      }
                      assertEquals(Files.readString(expected, StandardCharsets.UTF_8), plan.text());
                      List<Finding> after = ExamplesTest.lint(bad, plan.text());
                      assertTrue(
                          after.stream().noneMatch(f -> f.fix() != null),
                          "still fixable after --fix: " + after);
                      assertEquals(List.of(), plan.refused());
                    }));
  }

  /** A fix comes only from a rule that declares it, and none of the good examples needs one. */
  @Test
  void onlyFixableRulesOfferFixes() throws IOException {
    Map<String, Boolean> fixable =
        BuiltInRules.all().stream()
            .map(Rule::info)
            .collect(Collectors.toMap(RuleInfo::id, RuleInfo::fixable));
    int offered = 0;
    for (Path file : ExamplesTest.manifestFiles()) {
      for (Finding f : ExamplesTest.lint(file, Files.readString(file, StandardCharsets.UTF_8))) {
        if (f.fix() != null) {
          offered++;
          assertTrue(fixable.get(f.ruleId()), f.ruleId() + " offers a fix but is not fixable");
          assertFalse(f.fix().title().isBlank());
        }
      }
    }
    assertTrue(offered >= 3, "the examples offer fixes: " + offered);
  }

  /** A file without a fixable finding is left exactly as it is, byte for byte. */
  @Test
  void filesWithoutFixableFindingsAreNotTouched() throws IOException {
    for (Path file : ExamplesTest.manifestFiles()) {
      if (!file.getFileName().toString().equals("good.yaml")) {
        continue;
      }
      String text = Files.readString(file, StandardCharsets.UTF_8);
      FixPlan plan = plan(file, text);
      assertEquals(text, plan.text(), file.toString());
      assertTrue(plan.edits().isEmpty());
    }
  }

  @Test
  void aFindingWithoutAFixHasNone() throws IOException {
    Path file = ExamplesTest.EXAMPLES.resolve("SPL010-permanent-needs-absolute-timeout/bad.yaml");
    List<Finding> findings = ExamplesTest.lint(file, Files.readString(file));
    assertFalse(findings.isEmpty());
    findings.forEach(f -> assertNull(f.fix(), f.toString()));
  }

  static FixPlan plan(Path file, String text) throws IOException {
    Function<String, List<Finding>> lint =
        t -> {
          try {
            return ExamplesTest.lint(file, t);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        };
    return FixPlan.of(file.toString(), text, lint.apply(text), lint);
  }
}
