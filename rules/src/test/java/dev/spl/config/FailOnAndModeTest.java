package dev.spl.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

/** failOn and the admission modes, read once for the CLI, the config and the webhook. */
class FailOnAndModeTest {
  @Test
  void failOnReadsItsLabelsAndWarn() {
    for (FailOn f : FailOn.values()) {
      assertEquals(f, FailOn.parse(f.label()));
    }
    assertEquals(
        FailOn.LABELS, java.util.Arrays.stream(FailOn.values()).map(FailOn::label).toList());
    assertEquals(FailOn.WARNING, FailOn.parse("warn"));
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> FailOn.parse("erorr"));
    assertEquals(
        "'erorr' is not a level; did you mean 'error'?; expected error, warning, info or never",
        bad.getMessage());
    assertThrows(IllegalArgumentException.class, () -> FailOn.parse("ERROR"));
    assertThrows(IllegalArgumentException.class, () -> FailOn.parse(null));
  }

  @Test
  void failOnFailsAtItsSeverityAndAbove() {
    assertEquals(Severity.WARNING, FailOn.WARNING.threshold());
    assertNull(FailOn.NEVER.threshold());
    assertTrue(FailOn.WARNING.isReachedBy(Severity.ERROR));
    assertTrue(FailOn.WARNING.isReachedBy(Severity.WARNING));
    assertFalse(FailOn.WARNING.isReachedBy(Severity.INFO));
    assertTrue(FailOn.INFO.isReachedBy(Severity.INFO));
    assertFalse(FailOn.ERROR.isReachedBy(Severity.WARNING));
    assertFalse(FailOn.NEVER.isReachedBy(Severity.ERROR));
  }

  @Test
  void modesReadTheirLabelsOnly() {
    assertEquals(AdmissionMode.ENFORCE, AdmissionMode.parse("enforce"));
    assertEquals(AdmissionMode.WARN, AdmissionMode.parse("warn"));
    assertEquals(AdmissionMode.AUDIT_ONLY, AdmissionMode.parse("audit-only"));
    assertEquals("audit-only", AdmissionMode.AUDIT_ONLY.label());
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> AdmissionMode.parse("audit_only"));
    assertEquals(
        "mode must be enforce, warn or audit-only, not 'audit_only'; did you mean 'audit-only'?",
        bad.getMessage());
  }
}
