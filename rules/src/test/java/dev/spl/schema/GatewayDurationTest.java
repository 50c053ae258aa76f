package dev.spl.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** GEP-2257 parse vectors, and property tests of parse and format against the CRD's regex. */
class GatewayDurationTest {
  private static final Pattern GEP_2257 = Pattern.compile("^([0-9]{1,5}(h|m|s|ms)){1,4}$");

  @ParameterizedTest(name = "{0} = {1} ms")
  @CsvSource({
    "0h, 0",
    "0s, 0",
    "0h0m0s, 0",
    "1h, 3600000",
    "1m, 60000",
    "1s, 1000",
    "1ms, 1",
    "1h10m10s, 4210000",
    "10s1h, 3610000",
    "1h1h1h1h, 14400000",
    "99999h, 359996400000",
    "500ms1s, 1500",
    "00001h, 3600000",
    "1m1ms, 60001"
  })
  void validVectors(String text, long millis) {
    assertEquals(Duration.ofMillis(millis), GatewayDuration.parse(text).value());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "1",
        "h",
        "1d",
        "-1s",
        "+1s",
        "1.5h",
        "100000h",
        "1h1m1s1ms1h",
        "1us",
        "1ns",
        "1µs",
        "1 h",
        " 1h",
        "1h ",
        "1H",
        "PT1H",
        "1s-1ms",
        "1h\n",
        "ms",
        "1hm"
      })
  void invalidVectors(String text) {
    assertNull(GatewayDuration.parse(text), text);
  }

  @Test
  void parseAgreesWithTheCrdRegexOnRandomStrings() {
    Random random = new Random(2257);
    String alphabet = "0123456789hms d.-";
    for (int i = 0; i < 200_000; i++) {
      StringBuilder s = new StringBuilder();
      int length = random.nextInt(12);
      for (int k = 0; k < length; k++) {
        s.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String text = s.toString();
      assertEquals(GEP_2257.matcher(text).matches(), GatewayDuration.isValid(text), text);
    }
  }

  @Test
  void formatThenParseIsIdentity() {
    Random random = new Random(1619);
    for (int i = 0; i < 100_000; i++) {
      Duration d = Duration.ofMillis((long) (random.nextDouble() * 99_999L * 3_600_000L));
      String text = GatewayDuration.format(d);
      GatewayDuration parsed = GatewayDuration.parse(text);
      assertNotNull(parsed, text);
      assertEquals(d, parsed.value(), text);
    }
  }

  @Test
  void parseThenFormatIsCanonical() {
    assertEquals("1h30m", GatewayDuration.format(GatewayDuration.parse("90m").value()));
    assertEquals("0s", GatewayDuration.format(GatewayDuration.parse("0ms").value()));
    assertEquals("1s500ms", GatewayDuration.format(GatewayDuration.parse("1500ms").value()));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "1d, 24h",
    "2d, 48h",
    "1d12h, 36h",
    "1.5h, 1h30m",
    "0.5s, 500ms",
    "2.25m, 2m15s",
    "1h 30m, 1h30m",
    "10 m, 10m",
    "30 min, 30m",
    "2 hours, 2h",
    "90 seconds, 1m30s",
    "1 day, 24h",
    "100000s, 27h46m40s",
    "1h1m1s1ms1ms, 1h1m1s2ms",
    "4166d, 99984h",
  })
  void repairedKeepsTheLengthOfTime(String text, String repaired) {
    assertEquals(repaired, GatewayDuration.repaired(text));
    // the repair is a GEP-2257 duration of exactly the same length
    assertEquals(
        GatewayDuration.lenientMillis(text),
        GatewayDuration.parse(repaired).value().toMillis(),
        text);
    assertEquals(true, GEP_2257.matcher(repaired).matches(), repaired);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "3600", // seconds or milliseconds? no guess
        "1w",
        "1H",
        "0.5ms", // under a millisecond
        "1.0001s",
        "5000d", // 120000h: over 99999h
        "1h-30m",
        "-1h",
        "",
        " ",
        "h",
        "1.h",
        "1d one",
        "99999999999999999999999999d"
      })
  void aDurationWithoutOneReadingHasNoRepair(String text) {
    assertNull(GatewayDuration.repaired(text), text);
  }
}
