package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A lint fed one file at a time gives exactly what a lint of everything at once gives. */
class StreamingLintTest {

  @Test
  void streamingEqualsWholeInput() {
    List<String> paths = List.of(ExamplesTest.EXAMPLES.toString());
    LintOptions options = LintOptions.defaults();
    LoadedInput all = new ManifestLoader().load(paths, () -> null);
    LintResult whole = new Engine().lint(all, options);

    // A streaming caller finds the IngressClasses first (spl lint's IngressClassScan).
    Engine.LintRun run =
        new Engine()
            .start(options.withIngressClasses(dev.spl.index.IngressClasses.of(all.resources())));
    int[] parts = {0};
    LoadedInput totals =
        new ManifestLoader()
            .load(
                paths,
                () -> null,
                p -> false,
                part -> {
                  parts[0]++;
                  run.accept(part);
                });
    LintResult streamed = run.finish(totals.files(), totals.documents());

    assertEquals(totals.files(), parts[0], "one part per file");
    assertTrue(totals.resources().isEmpty(), "nothing is kept by the loader");
    assertEquals(whole.findings(), streamed.findings());
    assertEquals(whole.documents(), streamed.documents());
    assertEquals(whole.resources(), streamed.resources());
    assertEquals(whole.files(), streamed.files());
  }

  @Test
  void resourcesAreListedOnlyWhenAsked() {
    LoadedInput input =
        new ManifestLoader().load(List.of(ExamplesTest.EXAMPLES.toString()), () -> null);
    LintResult plain = new Engine().lint(input, LintOptions.defaults());
    assertTrue(plain.linted().isEmpty(), "no per-document list by default");
    assertTrue(plain.resources() > 50, "but every resource is counted");

    Engine.LintRun run =
        new Engine().start(LintOptions.defaults(), Engine.RunMode.DEFAULT.listingResources());
    run.accept(input);
    LintResult listed = run.finish(input.files(), input.documents());
    assertEquals(plain.resources(), listed.linted().size());
    assertEquals(input.resources().get(0).position(), listed.linted().get(0).position());
  }
}
