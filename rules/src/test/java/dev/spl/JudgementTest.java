package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.RuleSelection;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.cookie.CookiePathNotAbsolute;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One object decides what a finding ends up as; these are its decisions, one by one. */
class JudgementTest {
  static final RuleInfo SPL131 = RuleInfo.of(CookiePathNotAbsolute.class); // a warning

  static Resource service(String annotations) {
    return new ManifestLoader()
        .loadText(
            "s.yaml",
            "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\n"
                + "  annotations: "
                + annotations
                + "\n")
        .resources()
        .get(0);
  }

  static final Resource ANNOTATED = service("{ignore.spl.dev/SPL131: \"a reason\"}");
  static final Resource PLAIN = service("{}");

  static Map<String, Severity> levels(String id, Severity s) {
    Map<String, Severity> m = new HashMap<>();
    m.put(id, s);
    return m;
  }

  @Test
  void theSeverityIsTheRulesOwnTheConfiguredOneOrNoneWhenOff() {
    Judgement j = Judgement.of(RuleSelection.all(), AnnotationSuppressions.ALL);
    assertEquals(Severity.WARNING, j.severity(SPL131));
    assertEquals(Severity.ERROR, j.withLevels(levels("SPL131", Severity.ERROR)).severity(SPL131));
    assertNull(j.withLevels(levels("SPL131", null)).severity(SPL131));
    assertNull(
        j.withRules(RuleSelection.of(List.of(), List.of("SPL131"), Map.of())).severity(SPL131));
    assertEquals(Severity.WARNING, j.judge(SPL131, (Resource) null), "about a file");
  }

  /** The SPL131 case of issue 26: an annotation is judged at the configured severity. */
  @Test
  void anAnnotationHidesOnlyAtASeverityThePolicyAllowsAfterLevels() {
    Judgement warnings = Judgement.of(RuleSelection.all(), AnnotationSuppressions.WARNINGS);
    assertNull(warnings.judge(SPL131, ANNOTATED), "a warning, hidden");
    assertTrue(warnings.annotationMayHide(SPL131));
    Judgement raised = warnings.withLevels(levels("SPL131", Severity.ERROR));
    assertEquals(Severity.ERROR, raised.judge(SPL131, ANNOTATED), "raised to error: not hidden");
    assertFalse(raised.annotationMayHide(SPL131));
    Judgement none = Judgement.of(RuleSelection.all(), AnnotationSuppressions.NONE);
    assertEquals(Severity.WARNING, none.judge(SPL131, ANNOTATED));
    assertEquals(Severity.WARNING, warnings.judge(SPL131, PLAIN), "no annotation, nothing hidden");
    assertFalse(warnings.withLevels(levels("SPL131", null)).annotationMayHide(SPL131));
  }

  @Test
  void hidingComposesAndSeesTheRuleAndTheObject() {
    Judgement j =
        Judgement.defaults()
            .hiding((id, r) -> id.equals("SPL131") && r.kind().equals("Service"))
            .hiding((id, r) -> r.name().equals("other"));
    assertNull(j.judge(SPL131, PLAIN));
    assertNull(j.judge(SPL131, new ResourceRef("v1", "Deployment", "shop", "other")));
    assertEquals(
        Severity.WARNING, j.judge(SPL131, new ResourceRef("v1", "Deployment", "shop", "web")));
    assertEquals(Severity.WARNING, j.judge(SPL131, (ResourceRef) null));
  }

  @Test
  void aFindingMadeEarlierIsJudgedNow() {
    Finding made =
        new Finding(
            "SPL131",
            "cookie-path-not-absolute",
            Severity.WARNING,
            "m",
            new SourcePosition("f.yaml", 1, 1),
            new ResourceRef("v1", "Service", "shop", "web"),
            "spec",
            List.of());
    Judgement warnings = Judgement.of(RuleSelection.all(), AnnotationSuppressions.WARNINGS);
    assertSame(made, warnings.judge(made, false).orElseThrow(), "unchanged, the same finding");
    assertEquals(Optional.empty(), warnings.judge(made, true));
    Judgement raised = warnings.withLevels(levels("SPL131", Severity.ERROR));
    assertEquals(Severity.ERROR, raised.judge(made, true).orElseThrow().severity());
    assertEquals(Optional.empty(), warnings.withLevels(levels("SPL131", null)).judge(made, false));
    assertEquals(Optional.empty(), warnings.hiding((id, r) -> true).judge(made, false));
  }
}
