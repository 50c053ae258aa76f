package dev.spl.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class VersionChooserTest {
  static final VersionChooser.Named FLAG =
      new VersionChooser.Named(GatewayApiVersion.V1_2, "--gateway-api-version");
  static final VersionChooser.Named CONFIG =
      new VersionChooser.Named(GatewayApiVersion.V1_4, "shop/.spl.yaml");
  static final VersionChooser.Named CRDS =
      new VersionChooser.Named(GatewayApiVersion.MAIN, "Gateway API CRDs in crds.yaml");

  @Test
  void theFlagThenTheConfigurationThenTheCrdsThenTheNewestRelease() {
    assertEquals(
        new VersionChooser.Choice(GatewayApiVersion.V1_2, "--gateway-api-version", true),
        VersionChooser.choose(FLAG, CONFIG, CRDS, "x"));
    assertEquals(
        new VersionChooser.Choice(GatewayApiVersion.V1_4, "shop/.spl.yaml", true),
        VersionChooser.choose(null, CONFIG, CRDS, "x"));
    assertEquals(
        new VersionChooser.Choice(GatewayApiVersion.MAIN, "Gateway API CRDs in crds.yaml", true),
        VersionChooser.choose(null, null, CRDS, "x"));
    VersionChooser.Choice none = VersionChooser.choose(null, null, null, "nothing names one");
    assertEquals(GatewayApiVersion.NEWEST_RELEASE, none.version());
    assertEquals("the newest release; nothing names one", none.reason());
    assertFalse(none.named());
    assertTrue(VersionChooser.choose(null, CONFIG, null, "x").named());
  }

  @Test
  void aCrdThatNamesNoVersionNamesNothing() {
    assertNull(VersionChooser.ofCrd(null, "the cluster's CRDs"));
  }
}
