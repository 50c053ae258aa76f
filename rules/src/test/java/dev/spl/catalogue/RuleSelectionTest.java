package dev.spl.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.service.ClientIpBehindSnat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --enable, --disable and configured levels, by id or name; severity overrides. */
class RuleSelectionTest {
  @Test
  void everythingRunsAtItsOwnSeverityByDefault() {
    RuleSelection all = RuleSelection.all();
    assertTrue(all.isEnabled("SPL150") && all.isEnabled("SPL001"));
    assertEquals(Severity.WARNING, all.severity(RuleInfo.of(ClientIpBehindSnat.class)));
  }

  @Test
  void enableRunsOnlyTheRulesItNamesByIdOrName() {
    RuleSelection only =
        RuleSelection.of(List.of("SPL150", " client-ip-affinity-inert"), List.of(), Map.of());
    assertTrue(only.isEnabled("SPL150") && only.isEnabled("SPL151"));
    assertFalse(only.isEnabled("SPL110"));
  }

  @Test
  void disableAndOffWinOverEnable() {
    Map<String, Severity> levels = new HashMap<>();
    levels.put("spl151", null); // off, named in any case
    RuleSelection s =
        RuleSelection.of(
            List.of("SPL150", "SPL151", "SPL110"), List.of("service-affinity-conflict"), levels);
    assertTrue(s.isEnabled("SPL150"));
    assertFalse(s.isEnabled("SPL110"), "disabled by name");
    assertFalse(s.isEnabled("SPL151"), "off in the configuration");
  }

  @Test
  void aConfiguredLevelOverridesTheRulesSeverity() {
    RuleSelection s = RuleSelection.of(List.of(), List.of(), Map.of("SPL150", Severity.ERROR));
    assertEquals(Severity.ERROR, s.severity(RuleInfo.of(ClientIpBehindSnat.class)));
    assertTrue(s.isEnabled("SPL150"));
  }

  @Test
  void anUnknownRuleIsAnErrorThatSuggests() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RuleSelection.of(List.of("SPL15"), List.of(), Map.of()));
    assertTrue(e.getMessage().startsWith("unknown rule 'SPL15'"), e.getMessage());
    assertTrue(e.getMessage().endsWith("; `spl rules` lists them"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> RuleSelection.of(List.of(), List.of("nope"), Map.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> RuleSelection.of(List.of(), List.of(), Map.of("nope", Severity.INFO)));
  }

  @Test
  void levelsLaidOverASelectionWinAndOffTurnsARuleOff() {
    RuleSelection base =
        RuleSelection.of(List.of(), List.of("SPL151"), Map.of("SPL150", Severity.INFO));
    Map<String, Severity> levels = new HashMap<>();
    levels.put("SPL150", Severity.ERROR);
    levels.put("SPL151", Severity.WARNING); // a level does not bring a rule left out back
    levels.put("SPL131", null); // off
    RuleSelection laid = base.withLevels(levels);
    assertEquals(Severity.ERROR, laid.severity(RuleInfo.of(ClientIpBehindSnat.class)));
    assertFalse(laid.isEnabled("SPL151"));
    assertFalse(laid.isEnabled("SPL131"));
    assertTrue(base.isEnabled("SPL131"), "the base is unchanged");
    org.junit.jupiter.api.Assertions.assertSame(base, base.withLevels(Map.of()));
  }
}
