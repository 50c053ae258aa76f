package dev.spl.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spl.model.MessageTemplate;
import org.junit.jupiter.api.Test;

/** CEL as CEL: slots filled exactly, lines joined, messages quoted as CEL strings. */
class CelTest {
  @Test
  void slotsAreFilledAndLinesJoined() {
    assertEquals(
        "has(x.a) && x.a.size() > 1",
        Cel.of(
            """
            has(${at}.a)
              && ${at}.a
                .size() > 1
            """,
            "at",
            "x"));
  }

  @Test
  void aSlotWithoutCelOrCelWithoutASlotIsAMistake() {
    assertThrows(IllegalArgumentException.class, () -> Cel.of("${a} + ${b}", "a", "1"));
    assertThrows(IllegalArgumentException.class, () -> Cel.of("${a}", "a", "1", "b", "2"));
    assertThrows(IllegalArgumentException.class, () -> Cel.of("${a}", "a"));
  }

  @Test
  void aMessageIsTheTemplateWithItsSlotsAsCel() {
    MessageTemplate t = MessageTemplate.of("cookie \"{name}\" on {kind}'s rule; use {name}");
    assertEquals("cookie \"a\" on Route's rule; use a", t.format("name", "a", "kind", "Route"));
    assertEquals(
        "'cookie \"' + (n) + '\" on ' + (object.kind) + '\\'s rule; use ' + (n)",
        Cel.message(t, "name", "n", "kind", "object.kind"));
    assertEquals("'no slots'", Cel.message(MessageTemplate.of("no slots")));
    assertThrows(IllegalArgumentException.class, () -> Cel.message(t, "name", "n"));
    assertThrows(IllegalArgumentException.class, () -> t.format("name", "a"));
  }

  @Test
  void quotingEscapesBackslashesAndQuotes() {
    assertEquals("'a\\\\b\\'c'", Cel.quote("a\\b'c"));
  }
}
