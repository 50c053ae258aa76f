package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleExamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cross-resource index spans every input: a bad example split into one file per document must
 * give the same findings (rule, object, field and related objects) as the single file.
 */
class SplitAcrossFilesTest {

  @TempDir Path temp;

  @TestFactory
  Stream<DynamicTest> multiDocumentBadExamples() throws IOException {
    return BuiltInRules.all().stream()
        .filter(r -> r.info().id().compareTo("SPL100") > 0)
        // a build example is one manifest the CLI renames (KustomizeNamesTest splits nothing)
        .filter(r -> !RuleExamples.needTheCli(r.info()))
        .map(r -> DynamicTest.dynamicTest(r.info().id(), () -> check(r)));
  }

  private void check(Rule rule) throws IOException {
    Path file = ExamplesTest.EXAMPLES.resolve(RuleExamples.folder(rule.info())).resolve("bad.yaml");
    String text = Files.readString(file);
    String[] documents = text.split("(?m)^---\\s*$");
    if (documents.length < 2) {
      return; // single-object example: nothing to split
    }
    Path dir = Files.createDirectories(temp.resolve(rule.info().id()));
    for (int i = 0; i < documents.length; i++) {
      Files.writeString(dir.resolve("doc" + i + ".yaml"), documents[i]);
    }
    LintOptions options = ExamplesTest.optionsOf(file);
    List<Finding> whole =
        new Engine().lint(new ManifestLoader().loadText("one.yaml", text), options).findings();
    List<Finding> split =
        new Engine()
            .lint(new ManifestLoader().load(List.of(dir.toString()), () -> null), options)
            .findings();
    assertFalse(whole.isEmpty());
    assertEquals(summary(whole), summary(split));
  }

  private static Set<String> summary(List<Finding> findings) {
    Set<String> out = new TreeSet<>();
    for (Finding f : findings) {
      out.add(
          f.ruleId()
              + " "
              + f.resource()
              + " "
              + f.field()
              + " related="
              + f.related().stream().map(r -> r.resource().toString()).toList());
    }
    return out;
  }
}
