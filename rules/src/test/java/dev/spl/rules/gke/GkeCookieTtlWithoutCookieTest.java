package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.gke.GkeYaml.policy;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GkeCookieTtlWithoutCookieTest {
  @ParameterizedTest
  @ValueSource(strings = {"CLIENT_IP", "HEADER_FIELD", "NONE", "CLIENT_IP_PROTO"})
  void aLifetimeWithoutACookieType(String type) {
    assertMarked(
        "SPL701",
        policy(
            "type: " + type,
            "cookieTtlSec: 60  # expect: SPL701 \"with " + type + " there is no cookie\""));
  }

  @Test
  void noTypeIsNone() {
    assertMarked("SPL701", policy("cookieTtlSec: 0  # expect: SPL701 \"with NONE\""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"GENERATED_COOKIE", "HTTP_COOKIE"})
  void cookieTypesTakeALifetime(String type) {
    assertTrue(of("SPL701", policy("type: " + type, "cookieTtlSec: 60")).isEmpty());
  }

  @Test
  void otherKindsAndGroupsAreNotGkes() {
    String other = policy("type: CLIENT_IP", "cookieTtlSec: 60");
    assertTrue(of("SPL701", other.replace("networking.gke.io", "example.com")).isEmpty());
    assertTrue(of("SPL701", other.replace("GCPBackendPolicy", "GCPGatewayPolicy")).isEmpty());
    assertTrue(of("SPL701", policy("type: CLIENT_IP")).isEmpty(), "no lifetime: nothing to say");
  }
}
