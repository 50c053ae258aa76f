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
 * A chart the CLI could not render reaches the engine as a problem at the template line; the engine
 * names it SPL004, a warning (the CLI's own test renders the example charts).
 */
class ChartNotRenderedTest {
  private static final LoadedInput FAILED =
      new LoadedInput(
          List.of(),
          List.of(
              LoadProblem.notRendered(
                  new SourcePosition("charts/cart/templates/svc.yaml", 8, 21),
                  "charts/cart",
                  "Helm stops at templates/svc.yaml:8:21: required value",
                  "pass the value with --helm-set or --helm-values")),
          List.of(),
          1,
          1);

  @Test
  void aChartThatDoesNotRenderIsAWarningAtItsTemplateLine() {
    List<Finding> findings =
        new Engine()
            .lint(FAILED, LintOptions.defaults().withVersion(GatewayApiVersion.V1_4))
            .findings();
    assertEquals(1, findings.size(), findings.toString());
    Finding f = findings.get(0);
    assertEquals("SPL004", f.ruleId());
    assertEquals(Severity.WARNING, f.severity());
    assertEquals(new SourcePosition("charts/cart/templates/svc.yaml", 8, 21), f.position());
  }

  @Test
  void itIsNotSyntaxAndCanBeSwitchedOffAlone() {
    LintOptions off =
        new LintOptions(
            GatewayApiVersion.V1_4, RuleSelection.of(List.of(), List.of("SPL004"), Map.of()));
    assertEquals(List.of(), new Engine().lint(FAILED, off).findings());
    LintOptions noSyntax =
        new LintOptions(
            GatewayApiVersion.V1_4, RuleSelection.of(List.of(), List.of("SPL001"), Map.of()));
    assertEquals(1, new Engine().lint(FAILED, noSyntax).findings().size());
  }
}
