package dev.spl.rules.ngf;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.ngf.NgfYaml.upstreamSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NgfHashKeyInvalidTest {
  @ParameterizedTest
  @ValueSource(strings = {"hash", "hash consistent"})
  void aHashWithoutAKeyIsRejected(String method) {
    var found =
        assertMarked(
            "SPL253",
            upstreamSettings(
                "loadBalancingMethod: "
                    + method
                    + "  # expect: SPL253 \""
                    + method
                    + " needs hashMethodKey\""));
    assertEquals(Severity.ERROR, found.get(0).severity());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "$http_X-User-Id | : write $http_x_user_id",
        "$cookie_JSESSIONID | : write $cookie_jsessionid (cookies match in any case)",
        "$cookie_session-id | : no key names a cookie with a dash",
        "remote_addr | : write $remote_addr",
        "$request_uri2 | ''"
      })
  void anInvalidKeyIsRejectedWithTheNameNginxUses(String key, String hint) {
    var found =
        of(
            "SPL253",
            upstreamSettings("loadBalancingMethod: hash", "hashMethodKey: \"" + key + "\""));
    assertEquals(1, found.size(), found.toString());
    String message = found.get(0).message();
    assertTrue(message.startsWith("hashMethodKey " + key + " fails the CRD's"), message);
    assertTrue(
        hint.isEmpty() ? message.endsWith("+$") : message.contains(hint), message + " / " + hint);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "loadBalancingMethod: hash\n  hashMethodKey: $cookie_session",
        "loadBalancingMethod: hash consistent\n  hashMethodKey: $remote_addr",
        // ip_hash and the rest take no key; a stray one is not spl's business
        "loadBalancingMethod: ip_hash\n  hashMethodKey: $Whatever",
        "loadBalancingMethod: round_robin",
        "zoneSize: 1m"
      })
  void validOrKeylessMethodsPass(String lines) {
    assertTrue(of("SPL253", upstreamSettings(lines.split("\n  "))).isEmpty());
  }

  @Test
  void otherKindsPass() {
    String yaml =
        "apiVersion: example.com/v1\nkind: UpstreamSettingsPolicy\n"
            + "metadata: {name: cart, namespace: shop}\nspec: {loadBalancingMethod: hash}\n";
    assertTrue(of("SPL253", yaml).isEmpty());
  }
}
