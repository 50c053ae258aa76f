package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The chart renders its webhook rules and RBAC from kinds.yaml: it must be the engine's list. */
class ChartKindsTest {
  static final Path KINDS = Path.of("..", "charts", "spl-webhook", "kinds.yaml");

  @Test
  void theChartsKindsAreTheEnginesKinds() throws IOException {
    String expected = dev.spl.catalogue.BuiltInRules.chartKindsYaml();
    if (Boolean.getBoolean("spl.update-kinds")) {
      Files.writeString(KINDS, expected);
    }
    assertEquals(expected, Files.readString(KINDS), KINDS + " is stale: .ci/regenerate");
  }
}
