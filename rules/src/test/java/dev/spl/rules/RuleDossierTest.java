package dev.spl.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

/**
 * Every rule's long prose is in its dossier, examples/<id>-<name>/rule.md, and reads back whole.
 */
class RuleDossierTest {
  @Test
  void everyBuiltInRuleHasWhyFixAndReference() {
    for (Rule r : BuiltInRules.all()) {
      RuleInfo info = r.info();
      assertFalse(info.why().isBlank(), info.id() + ": no Why in " + RuleExamples.folder(info));
      assertFalse(info.fix().isBlank(), info.id() + ": no Fix");
      assertFalse(info.reference().isBlank(), info.id() + ": no Reference");
    }
  }

  @Test
  void sectionsAreJoinedLinesAndParagraphsWithoutTitleOrComments() {
    RuleDossier d =
        RuleDossier.parse(
            """
            # SPL999 example

            <!-- not part of any section -->

            ## Why

            One line
            and the next.

            A second paragraph.

            ## Fix

            Do this.

            ## Reference

            RFC 6265
            """);
    assertEquals("One line and the next.\n\nA second paragraph.", d.why());
    assertEquals("Do this.", d.fix());
    assertEquals("RFC 6265", d.reference());
  }

  @Test
  void aRuleWithoutADossierSaysNothingRatherThanFailing() {
    RuleInfo made = new RuleInfo("SPL999", "made-in-a-test", Severity.INFO, "s");
    assertEquals("", made.why());
  }
}
