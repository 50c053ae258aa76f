package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleExamples;
import dev.spl.rules.RuleInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Meta-tests over the rule catalogue: ids, names, texts, tests and examples stay in step. */
class CatalogueTest {

  @Test
  void idsAndNamesAreUniqueWellFormedAndInOrder() {
    Set<String> ids = new HashSet<>();
    Set<String> names = new HashSet<>();
    String previous = "";
    for (Rule r : BuiltInRules.all()) {
      RuleInfo i = r.info();
      assertTrue(i.id().matches("SPL\\d{3}"), i.id());
      assertTrue(i.name().matches("[a-z0-9]+(-[a-z0-9]+)*"), i.name());
      assertTrue(ids.add(i.id()), "duplicate id " + i.id());
      assertTrue(names.add(i.name()), "duplicate name " + i.name());
      assertTrue(i.id().compareTo(previous) > 0, "not in id order: " + i.id());
      previous = i.id();
    }
  }

  @Test
  void everyRuleHasItsTexts() {
    for (Rule r : BuiltInRules.all()) {
      RuleInfo i = r.info();
      for (String text : List.of(i.summary(), i.why(), i.fix(), i.reference())) {
        assertFalse(text.isBlank(), i.id() + " has an empty text");
      }
      assertTrue(i.summary().length() <= 120, i.id() + " summary over 120 characters");
    }
  }

  @Test
  void everyRuleHasATestClassBesideIt() {
    for (Rule r : BuiltInRules.all()) {
      String testClass = r.getClass().getName() + "Test";
      try {
        Class.forName(testClass);
      } catch (ClassNotFoundException e) {
        throw new AssertionError(r.info().id() + " has no " + testClass);
      }
    }
  }

  @Test
  void everyRuleHasAnExamplesFolderAndEveryFolderARule() throws IOException {
    Set<String> folders = new HashSet<>();
    try (Stream<Path> list = Files.list(ExamplesTest.EXAMPLES)) {
      list.filter(Files::isDirectory).forEach(p -> folders.add(p.getFileName().toString()));
    }
    Set<String> expected = new HashSet<>();
    for (Rule r : BuiltInRules.all()) {
      expected.add(RuleExamples.folder(r.info()));
    }
    assertEquals(expected, folders);
  }
}
