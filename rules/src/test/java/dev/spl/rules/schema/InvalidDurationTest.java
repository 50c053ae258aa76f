package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InvalidDurationTest {

  @Test
  void daysAreNotAUnit() {
    assertOne(
        of("SPL021", backend("{absoluteTimeout: 7d, cookie: {name: s}}")), 11, 8, "write 168h");
  }

  @Test
  void idleTimeoutIsCheckedWhereItExists() {
    assertOne(
        of("SPL021", route("{idleTimeout: 10 m}"), GatewayApiVersion.V1_5),
        10,
        8,
        "remove the spaces");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.5h", "-1s", "1h1m1s1ms1h", "100000s", "1us", "PT1H", "1H", "\"\""})
  void rejected(String value) {
    assertEquals(
        1,
        of("SPL021", backend("{absoluteTimeout: " + value + ", cookie: {name: s}}")).size(),
        value);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0s", "1h", "1h30m", "500ms", "99999h", "1s1s", "1ms1h", "1h2m3s4ms"})
  void accepted(String value) {
    assertTrue(
        of("SPL021", backend("{absoluteTimeout: " + value + ", cookie: {name: s}}")).isEmpty(),
        value);
  }
}
