package dev.spl.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class FixPlanTest {
  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: r, namespace: shop}
      spec:
        rules:
        - backendRefs: [{name: s, port: 80}]
          timeouts:
            request: 1.5h
          sessionPersistence:
            sessionName: s
            absoluteTimeout: 1d
            cookieConfig: {lifetimeType: Permanent}
      """;

  private static List<Finding> lint(String text) {
    List<Finding> out = new ArrayList<>();
    for (Finding f : Lint.lint(text, GatewayApiVersion.V1_6)) {
      out.add(
          new Finding(
              f.ruleId(),
              f.ruleName(),
              f.severity(),
              f.message(),
              new SourcePosition("r.yaml", f.position().line(), f.position().column()),
              f.resource(),
              f.field(),
              f.related(),
              f.fix() == null
                  ? null
                  : new dev.spl.model.Fix(
                      f.fix().title(),
                      f.fix().edits().stream()
                          .map(
                              e ->
                                  new dev.spl.model.Fix.ScalarEdit(
                                      new SourcePosition("r.yaml", e.at().line(), e.at().column()),
                                      e.value()))
                          .toList())));
    }
    return out;
  }

  @Test
  void everyCertainFixIsMade() {
    FixPlan plan = FixPlan.of("r.yaml", ROUTE, lint(ROUTE), FixPlanTest::lint);
    assertEquals(2, plan.fixed().size());
    assertTrue(plan.text().contains("absoluteTimeout: 24h\n"));
    assertTrue(plan.text().contains("request: 1h30m\n"));
    assertEquals(ROUTE.replace(" 1d", " 24h").replace(" 1.5h", " 1h30m"), plan.text());
  }

  @Test
  void aFixThatWouldAddAFindingIsRefusedAndTheOthersStillMade() {
    // a stand-in rule that dislikes 24h: the first fix would add its finding
    Function<String, List<Finding>> lint =
        text -> {
          List<Finding> out = new ArrayList<>(lint(text));
          if (text.contains("absoluteTimeout: 24h")) {
            out.add(
                new Finding(
                    "SPL999",
                    "dislikes-24h",
                    Severity.ERROR,
                    "24h",
                    new SourcePosition("r.yaml", 11, 5),
                    null,
                    "",
                    List.of()));
          }
          return out;
        };
    FixPlan plan = FixPlan.of("r.yaml", ROUTE, lint.apply(ROUTE), lint);
    assertEquals(1, plan.fixed().size());
    assertEquals(1, plan.refused().size());
    assertTrue(plan.refused().get(0).message().contains("1d"));
    assertEquals(ROUTE.replace(" 1.5h", " 1h30m"), plan.text());
  }

  @Test
  void findingsOfOtherFilesOrWithoutFixesChangeNothing() {
    List<Finding> findings = lint(ROUTE);
    FixPlan plan = FixPlan.of("other.yaml", ROUTE, findings, FixPlanTest::lint);
    assertEquals(ROUTE, plan.text());
    assertTrue(plan.edits().isEmpty());
  }

  /** A finding of a stand-in rule with a fix of one scalar. */
  private static Finding finding(String rule, int line, int column, String value) {
    return new Finding(
        rule,
        "stand-in",
        Severity.ERROR,
        rule + " " + value,
        new SourcePosition("r.yaml", line, column),
        null,
        "",
        List.of(),
        new dev.spl.model.Fix(
            "write " + value,
            List.of(
                new dev.spl.model.Fix.ScalarEdit(
                    new SourcePosition("r.yaml", line, column), value))));
  }

  @Test
  void oneRepairFromTwoRulesIsMadeOnceAndCountsForBoth() {
    String text = "a: 1d\nb: 2d\n";
    List<Finding> findings =
        List.of(finding("SPL901", 1, 4, "24h"), finding("SPL902", 1, 4, "24h"));
    FixPlan plan = FixPlan.of("r.yaml", text, findings, t -> List.of());
    assertEquals("a: 24h\nb: 2d\n", plan.text());
    assertEquals(1, plan.edits().size());
    assertEquals(2, plan.fixed().size());
  }

  @Test
  void twoDifferentRepairsOfOneScalarKeepTheFirstAndEditsComeInTextOrder() {
    String text = "a: 1d\nb: 2d\n";
    List<Finding> findings =
        List.of(
            finding("SPL901", 2, 4, "48h"),
            finding("SPL901", 1, 4, "24h"),
            finding("SPL902", 1, 4, "1440m"));
    FixPlan plan = FixPlan.of("r.yaml", text, findings, t -> List.of());
    assertEquals("a: 24h\nb: 48h\n", plan.text());
    assertEquals(2, plan.fixed().size());
    assertTrue(plan.edits().get(0).start() < plan.edits().get(1).start(), plan.edits().toString());
  }
}
