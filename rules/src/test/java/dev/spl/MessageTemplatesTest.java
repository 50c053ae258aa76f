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
import org.junit.jupiter.api.Test;

/**
 * A rule says what it finds through its message templates ({@link MessageTemplate} constants on its
 * class, or listed by it): the policy generator, the docs and the tests read them. Every rule has
 * them, and every finding a rule makes on its bad example is one of its templates filled in.
 */
class MessageTemplatesTest {
  static List<MessageTemplate> templatesOf(Rule rule) {
    return dev.spl.rules.RuleMessages.of(rule);
  }

  @Test
  void everyRuleHasTemplates() throws Exception {
    Set<String> untemplated = new TreeSet<>();
    for (Rule rule : BuiltInRules.all()) {
      if (templatesOf(rule).isEmpty()) {
        untemplated.add(rule.info().id());
      }
    }
    assertEquals(Set.of(), untemplated);
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
        if (templates.stream().noneMatch(t -> t.matches(f.message()))) {
          strays.add(f.ruleId() + ": " + f.message());
        }
      }
    }
    assertEquals(List.of(), strays, "messages that are none of their rule's templates");
    assertTrue(checked > 40, checked + " findings checked");
  }
}
