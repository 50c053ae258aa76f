package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.apiserver.PolicyCoverage;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.rules.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The lists of rules written by hand in the docs agree with the registry, so adding a rule fails
 * here, in the rules module's own loop, instead of leaving a page stale.
 */
class DocsListsTest {
  private static final Path DOCS = Path.of("..", "docs");
  private static final Pattern RANGE = Pattern.compile("(SPL\\d{3})(?:-(SPL\\d{3}))?");

  private static List<String> ids() {
    return BuiltInRules.all().stream().map(r -> r.info().id()).toList();
  }

  /** The registry's ids that {@code text}'s ids and ranges (SPL010-SPL014) cover. */
  private static List<String> covered(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = RANGE.matcher(text);
    while (m.find()) {
      String from = m.group(1);
      String to = m.group(2) == null ? from : m.group(2);
      for (String id : ids()) {
        if (id.compareTo(from) >= 0 && id.compareTo(to) <= 0) {
          out.add(id);
        }
      }
    }
    return out;
  }

  @Test
  void theSitesNavigationListsEveryRulesPage() throws IOException {
    // .ci/regenerate writes the list from docs/rules/; a rule added without it fails here
    List<String> inNav = new ArrayList<>();
    Matcher m =
        Pattern.compile("rules/(SPL\\d{3})-[a-z0-9-]+\\.md")
            .matcher(Files.readString(DOCS.resolveSibling("mkdocs.yml")));
    while (m.find()) {
      inNav.add(m.group(1));
    }
    assertEquals(ids(), inNav, "mkdocs.yml's nav (run .ci/regenerate)");
  }

  @Test
  void everyRuleIsInOneFamily() throws IOException {
    List<String> ranges = new ArrayList<>();
    for (String line : Files.readAllLines(DOCS.resolve("families.md"))) {
      Matcher m = Pattern.compile("^- \\*\\*(SPL[0-9A-Z-]+)\\*\\*").matcher(line);
      if (m.find()) {
        ranges.add(m.group(1));
      }
    }
    assertTrue(ranges.size() > 10, ranges.toString());
    List<String> inFamilies = covered(String.join(" ", ranges));
    assertEquals(ids(), inFamilies.stream().sorted().toList(), "docs/families.md's ranges");
  }

  @Test
  void theWebhooksListOfRulesLeftToValidationIsTheRegistrys() throws IOException {
    String page = Files.readString(DOCS.resolve("webhook.md")).replaceAll("\\s+", " ");
    Matcher m = Pattern.compile("is \"API server validation\" \\(([^)]*)\\)").matcher(page);
    assertTrue(m.find(), "docs/webhook.md lists the rules left to validation");
    List<String> expected =
        BuiltInRules.all().stream()
            .filter(r -> PolicyCoverage.of(r).validatedBeforeAdmission())
            .map((Rule r) -> r.info().id())
            .toList();
    assertEquals(expected, covered(m.group(1).replaceAll(";.*", "")), "docs/webhook.md");
  }
}
