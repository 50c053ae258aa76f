package dev.spl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.schema.GatewayApiVersion;
import java.io.ByteArrayInputStream;
import java.util.List;

/**
 * Coverage-guided fuzzing of the loader and the engine with Jazzer: any bytes must end in findings,
 * never an exception. Without JAZZER_FUZZ this replays the seed corpus (the rule examples, in
 * LoaderFuzzTestInputs/) as a regression test; .ci/run fuzzes for a bounded time.
 */
class LoaderFuzzTest {
  private static final Engine ENGINE = new Engine();

  @FuzzTest(maxDuration = "60s")
  void anyBytesLintWithoutThrowing(byte[] data) {
    LoadedInput input =
        new ManifestLoader().load(List.of("-"), () -> new ByteArrayInputStream(data));
    for (GatewayApiVersion v :
        new GatewayApiVersion[] {GatewayApiVersion.MAIN, GatewayApiVersion.V1_1_0}) {
      ENGINE.lint(input, LintOptions.defaults().withVersion(v));
    }
  }
}
