package dev.spl.rules.service;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class ClientIpAffinityInertTest {

  @Test
  void headless() {
    var f =
        assertMarked(
                "SPL151",
                "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  clusterIP: None\n"
                    + "  sessionAffinity: ClientIP  # expect: SPL151 \"headless\"\n")
            .get(0);
    assertTrue(f.severity() == Severity.INFO);
  }

  @Test
  void externalName() {
    assertMarked(
        "SPL151",
        "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  type: ExternalName\n"
            + "  externalName: a.example\n  sessionAffinity: ClientIP  # expect: SPL151 \"ExternalName\"\n");
  }

  @Test
  void ordinaryClusterIpPasses() {
    assertTrue(
        of(
                "SPL151",
                "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  sessionAffinity: ClientIP\n")
            .isEmpty());
  }
}
