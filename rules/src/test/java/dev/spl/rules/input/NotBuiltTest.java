package dev.spl.rules.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.RuleSelection;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A build the CLI could not make reaches the engine as a problem at the line that declares it; the
 * engine names it SPL006, a warning (the CLI's tests make and fail the builds themselves).
 */
class NotBuiltTest {
  private static final LoadedInput UNBUILT =
      new LoadedInput(
          List.of(),
          List.of(
              LoadProblem.notBuilt(
                  new SourcePosition("clusters/prod/apps.yaml", 8, 3),
                  "HelmRelease flux-system/podinfo",
                  "spl does not render HelmReleases yet (chart podinfo from HelmRepository x)",
                  "lint its rendering")),
          List.of(),
          1,
          1);

  @Test
  void aDeploymentNotBuiltIsAWarningAtItsLine() {
    List<Finding> findings =
        new Engine()
            .lint(UNBUILT, LintOptions.defaults().withVersion(GatewayApiVersion.V1_4))
            .findings();
    assertEquals(1, findings.size(), findings.toString());
    Finding f = findings.get(0);
    assertEquals("SPL006", f.ruleId());
    assertEquals(Severity.WARNING, f.severity());
    assertEquals(new SourcePosition("clusters/prod/apps.yaml", 8, 3), f.position());
    assertEquals(
        "HelmRelease flux-system/podinfo not built: spl does not render HelmReleases yet (chart"
            + " podinfo from HelmRepository x); lint its rendering",
        f.message());
  }

  @Test
  void itCanBeSwitchedOffAloneAndIsNotAChartProblem() {
    LintOptions off =
        new LintOptions(
            GatewayApiVersion.V1_4, RuleSelection.of(List.of(), List.of("SPL006"), Map.of()));
    assertEquals(List.of(), new Engine().lint(UNBUILT, off).findings());
    LintOptions noCharts =
        new LintOptions(
            GatewayApiVersion.V1_4, RuleSelection.of(List.of(), List.of("SPL004"), Map.of()));
    assertEquals(1, new Engine().lint(UNBUILT, noCharts).findings().size());
  }
}
