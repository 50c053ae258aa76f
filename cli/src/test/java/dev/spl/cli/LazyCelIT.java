package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CEL costs a good part of startup, so its runtime must be built only when a session persistence
 * object is linted, and its compiler (parser and checker) not at all: spl's expressions ship
 * compiled. Checked in a fresh JVM, with class loading logged.
 */
class LazyCelIT {

  private static String run(String file) throws IOException, InterruptedException {
    return Command.splOnClassPath(List.of("-verbose:class"), "lint", file)
        .mergeErrors()
        .run()
        .output();
  }

  @Test
  void noCelForManifestsWithoutSessionPersistence() throws Exception {
    String out = run("../examples/SPL150-client-ip-behind-snat/bad.yaml");
    assertTrue(out.contains("SPL150"), out);
    assertFalse(out.contains("dev.cel.runtime.CelRuntimeFactory"), "CEL was loaded for a Service");
  }

  @Test
  void celRuntimeOnlyForSessionPersistence() throws Exception {
    String out = run("../examples/SPL010-permanent-needs-absolute-timeout/bad.yaml");
    assertTrue(out.contains("SPL010"), out);
    assertTrue(out.contains("dev.cel.runtime.CelRuntimeFactory"), "CEL was not loaded");
    assertFalse(out.contains("dev.cel.compiler.CelCompilerFactory"), "an expression was compiled");
    assertFalse(out.contains("dev.cel.parser.CelParserImpl"), "an expression was parsed");
    assertFalse(out.contains("internal error"), "spl failed");
  }
}
