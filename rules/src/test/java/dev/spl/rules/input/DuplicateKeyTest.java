package dev.spl.rules.input;

import static dev.spl.Lint.assertMarked;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class DuplicateKeyTest {
  @Test
  void aKeyWrittenTwiceIsAWarningNamingBothPlacesAndTheValueKept() {
    var f =
        assertMarked(
                "SPL007",
                "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n"
                    + "  name: b  # expect: SPL007 \"duplicate key \"name\" (first at 4:3): kubectl keeps this last value\"\n")
            .get(0);
    assertEquals(Severity.WARNING, f.severity());
    // the object is read as kubectl reads it: the last value
    assertEquals(
        "b",
        new dev.spl.load.ManifestLoader()
            .loadText("a", "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n  name: b\n")
            .resources()
            .get(0)
            .name());
  }
}
