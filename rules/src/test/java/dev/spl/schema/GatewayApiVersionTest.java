package dev.spl.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GatewayApiVersionTest {

  @Test
  void acceptsTheDocumentedSpellings() {
    assertEquals(GatewayApiVersion.V1_6, GatewayApiVersion.parse("latest"));
    assertEquals(GatewayApiVersion.MAIN, GatewayApiVersion.parse("main"));
    assertEquals(GatewayApiVersion.V1_1_0, GatewayApiVersion.parse("v1.1.0"));
    assertEquals(GatewayApiVersion.V1_1, GatewayApiVersion.parse("v1.1.1"));
    assertEquals(GatewayApiVersion.V1_4, GatewayApiVersion.parse("1.4"));
    assertEquals(GatewayApiVersion.V1_6, GatewayApiVersion.parse("v1.6.1"));
  }

  @Test
  void rejectsOthersWithTheList() {
    var e = assertThrows(IllegalArgumentException.class, () -> GatewayApiVersion.parse("v2.0"));
    assertTrue(e.getMessage().contains("v1.1.0, v1.1, v1.2"), e.getMessage());
    assertTrue(e.getMessage().contains("main, gep-1619-backend, latest"), e.getMessage());
  }

  @Test
  void suggestsTheNearestSpelling() {
    var e = assertThrows(IllegalArgumentException.class, () -> GatewayApiVersion.parse("v1,6"));
    assertTrue(e.getMessage().contains("did you mean 'v1.6'?"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> GatewayApiVersion.parse("mian"));
    assertTrue(e.getMessage().contains("did you mean 'main'?"), e.getMessage());
  }

  @Test
  void readsTheCrdBundleVersion() {
    assertEquals(GatewayApiVersion.V1_4, GatewayApiVersion.ofBundleVersion("v1.4.1").orElseThrow());
    assertEquals(
        GatewayApiVersion.V1_1_0, GatewayApiVersion.ofBundleVersion("v1.1.0").orElseThrow());
    assertEquals(
        GatewayApiVersion.MAIN, GatewayApiVersion.ofBundleVersion("v0.0.0-dev").orElseThrow());
    assertEquals(GatewayApiVersion.V1_6, GatewayApiVersion.ofBundleVersion("v1.9.0").orElseThrow());
    assertTrue(GatewayApiVersion.ofBundleVersion("nonsense").isEmpty());
    // the first minor past the newest known is read as the newest; two-part and odd spellings too
    assertEquals(GatewayApiVersion.V1_6, GatewayApiVersion.ofBundleVersion("v1.7.0").orElseThrow());
    assertEquals(
        GatewayApiVersion.V1_6, GatewayApiVersion.ofBundleVersion(" V1.12 ").orElseThrow());
    assertEquals(GatewayApiVersion.V1_6, GatewayApiVersion.ofBundleVersion("v1.6.1").orElseThrow());
    // an unknown older minor, a major 2 and a minor that is no number are not guessed
    assertTrue(GatewayApiVersion.ofBundleVersion("v1.0.0").isEmpty());
    assertTrue(GatewayApiVersion.ofBundleVersion("v2.0.0").isEmpty());
    assertTrue(GatewayApiVersion.ofBundleVersion("v1.x").isEmpty());
    assertTrue(GatewayApiVersion.ofBundleVersion("v1").isEmpty());
  }
}
