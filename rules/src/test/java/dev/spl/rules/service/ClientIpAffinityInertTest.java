package dev.spl.rules.service;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class ClientIpAffinityInertTest {

  @Test
  void headless() {
    var f =
        assertOne(
            of(
                "SPL151",
                "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  clusterIP: None\n"
                    + "  sessionAffinity: ClientIP\n"),
            6,
            3,
            "headless");
    assertTrue(f.severity() == Severity.INFO);
  }

  @Test
  void externalName() {
    assertOne(
        of(
            "SPL151",
            "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  type: ExternalName\n"
                + "  externalName: a.example\n  sessionAffinity: ClientIP\n"),
        7,
        3,
        "ExternalName");
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
