package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.gke.GkeYaml.policy;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GkeAffinityFieldUnknownTest {
  @Test
  void backendConfigNamesGetTheirGcpBackendPolicyNames() {
    assertMarked(
        "SPL704",
        policy(
            "affinityType: CLIENT_IP  # expect: SPL704 \"no field affinityType (dropped or refused);"
                + " it is BackendConfig's name, write type\"",
            "affinityCookieTtlSec: 60  # expect: SPL704 \"write cookieTtlSec\""));
  }

  @Test
  void otherFieldsAreNamed() {
    assertMarked(
        "SPL704",
        policy(
            "type: GENERATED_COOKIE", "cookieName: s  # expect: SPL704 \"no field cookieName\""));
  }

  @Test
  void theTwoFieldsPass() {
    assertTrue(of("SPL704", policy("type: GENERATED_COOKIE", "cookieTtlSec: 60")).isEmpty());
  }
}
