package dev.spl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.MessageTemplate;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every problem the loader meets is said by one of its kind's templates, and every template is said
 * by some problem: the SPL001, SPL002, SPL004 and SPL006 pages list exactly what users will read.
 */
class LoadMessagesTest {
  // small limits, so that each one is reached by a few lines
  private final ManifestLoader loader = new ManifestLoader(new LoadLimits(200, 4, 30, 50), false);

  @Test
  void eachProblemIsOneOfItsKindsTemplatesAndEachTemplateIsMet(@TempDir Path dir)
      throws IOException {
    List<LoadProblem> problems = new ArrayList<>();
    Map<String, String> texts =
        Map.of(
            "syntax.yaml", "a: [\n",
            "duplicate.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nkind: Service\n",
            "large.yaml", "a: \"" + "x".repeat(300) + "\"\n",
            "many.yaml", "a: [" + "1,".repeat(40) + "1]\n",
            "deep.yaml", "a: [[[[[[x]]]]]]\n",
            "scalar.yaml", "just text\n",
            "nameless.yaml", "apiVersion: v1\nkind: Service\n");
    texts.forEach((name, text) -> problems.addAll(loader.loadText(name, text).problems()));
    Files.write(dir.resolve("utf32.yaml"), new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0, 'a', 0});
    Files.write(dir.resolve("latin1.yaml"), "a: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    for (String file : List.of("utf32.yaml", "latin1.yaml")) {
      problems.addAll(loader.loadFile(dir.resolve(file), file, true).problems());
    }
    problems.addAll(
        loader.loadTree("many.json", Map.of("a", Collections.nCopies(40, 1L))).problems());
    problems.addAll(loader.loadTree("odd.json", Map.of("a", new Object())).problems());
    problems.add(
        LoadProblem.notRendered(
            new SourcePosition("charts/cart/Chart.yaml", 1, 1),
            "charts/cart",
            "a dependency is missing",
            "run helm dependency build"));
    problems.add(
        LoadProblem.notBuilt(
            new SourcePosition("deploy/prod/kustomization.yaml", 1, 1),
            "kustomize build deploy/prod",
            "kustomize says: no matches for the patch's target",
            "spl read its files itself, without patches"));

    Set<MessageTemplate> met = new LinkedHashSet<>();
    List<String> strays = new ArrayList<>();
    for (LoadProblem p : problems) {
      LoadMessages.of(p.kind()).stream()
          .filter(t -> t.matches(p.message()))
          .findFirst()
          .ifPresentOrElse(met::add, () -> strays.add(p.kind() + ": " + p.message()));
    }
    assertEquals(List.of(), strays);
    List<MessageTemplate> unmet = new ArrayList<>();
    for (LoadProblem.Kind kind : LoadProblem.Kind.values()) {
      LoadMessages.of(kind).stream().filter(t -> !met.contains(t)).forEach(unmet::add);
    }
    assertEquals(List.of(), unmet, problems::toString);
  }

  @Test
  void aProblemCannotBeSaidByAnotherKindsTemplate() {
    SourcePosition at = new SourcePosition("a.yaml", 1, 1);
    assertTrue(
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> LoadProblem.syntax(at, LoadMessages.NOT_A_MAPPING, "what", "an array"))
            .getMessage()
            .contains("SYNTAX"));
  }
}
