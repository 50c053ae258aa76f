package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.model.Finding;
import dev.spl.model.MessageTemplate;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleExamples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A rule says what it finds through its message templates ({@link MessageTemplate} constants on its
 * class): the policy generator, the docs and the tests read them. Every finding a templated rule
 * makes on its bad example is one of its templates filled in; a rule without templates is one of
 * those written before templates, listed here to be converted - a new rule cannot join the list,
 * and a converted rule must leave it.
 */
class MessageTemplatesTest {
  /** Rules whose messages are still concatenated in code: converting one removes it from here. */
  static final Set<String> NOT_YET_TEMPLATED =
      Set.of(
          // the loader's findings: the parser's and Helm's words, written below the rules layer
          "SPL001", "SPL002", "SPL004");

  static List<MessageTemplate> templatesOf(Rule rule) {
    return dev.spl.rules.RuleMessages.of(rule);
  }

  /** The template as a pattern: its literals as written, each slot any text. */
  static Pattern patternOf(MessageTemplate t) {
    StringBuilder p = new StringBuilder();
    List<String> literals = t.literals();
    for (int i = 0; i < literals.size(); i++) {
      p.append(Pattern.quote(literals.get(i)));
      if (i < literals.size() - 1) {
        p.append(".*");
      }
    }
    return Pattern.compile(p.toString(), Pattern.DOTALL);
  }

  @Test
  void theListOfRulesToConvertOnlyShrinks() throws Exception {
    Set<String> untemplated = new TreeSet<>();
    for (Rule rule : BuiltInRules.all()) {
      if (templatesOf(rule).isEmpty()) {
        untemplated.add(rule.info().id());
      }
    }
    assertEquals(new TreeSet<>(NOT_YET_TEMPLATED), untemplated);
  }

  @Test
  void everyFindingOfATemplatedRuleIsOneOfItsTemplates() throws Exception {
    List<String> strays = new ArrayList<>();
    int checked = 0;
    for (Rule rule : BuiltInRules.all()) {
      List<MessageTemplate> templates = templatesOf(rule);
      if (templates.isEmpty() || RuleExamples.needTheCli(rule.info())) {
        continue;
      }
      Path file =
          ExamplesTest.EXAMPLES.resolve(RuleExamples.folder(rule.info())).resolve("bad.yaml");
      for (Finding f : ExamplesTest.lint(file, Files.readString(file, StandardCharsets.UTF_8))) {
        if (!f.ruleId().equals(rule.info().id())) {
          continue;
        }
        checked++;
        if (templates.stream().noneMatch(t -> patternOf(t).matcher(f.message()).matches())) {
          strays.add(f.ruleId() + ": " + f.message());
        }
      }
    }
    assertEquals(List.of(), strays, "messages that are none of their rule's templates");
    assertTrue(checked > 40, checked + " findings checked");
  }
}
