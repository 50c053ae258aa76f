package dev.spl.schema;

import java.time.Duration;

/**
 * A GEP-2257 duration: one to four components of 1-5 digits, each with unit h, m, s or ms, in any
 * order, repeats allowed, and the whole string must match ({@code ^([0-9]{1,5}(h|m|s|ms)){1,4}$}).
 * The value is the sum of the components.
 */
public record GatewayDuration(String text, Duration value) {
  private static final int MAX_COMPONENTS = 4;
  private static final int MAX_DIGITS = 5;

  /** Parses {@code text}, or returns null when it is not a GEP-2257 duration. */
  public static GatewayDuration parse(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    long millis = 0;
    int components = 0;
    int i = 0;
    int n = text.length();
    while (i < n) {
      int digitsStart = i;
      while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
        i++;
      }
      int digits = i - digitsStart;
      if (digits == 0 || digits > MAX_DIGITS || i == n) {
        return null;
      }
      long amount = Long.parseLong(text, digitsStart, i, 10);
      char unit = text.charAt(i);
      long unitMillis;
      if (unit == 'h') {
        unitMillis = 3_600_000L;
        i++;
      } else if (unit == 'm' && i + 1 < n && text.charAt(i + 1) == 's') {
        unitMillis = 1;
        i += 2;
      } else if (unit == 'm') {
        unitMillis = 60_000L;
        i++;
      } else if (unit == 's') {
        unitMillis = 1_000L;
        i++;
      } else {
        return null;
      }
      if (++components > MAX_COMPONENTS) {
        return null;
      }
      millis += amount * unitMillis;
    }
    return new GatewayDuration(text, Duration.ofMillis(millis));
  }

  /** True when {@code text} is a GEP-2257 duration. */
  public static boolean isValid(String text) {
    return parse(text) != null;
  }

  /**
   * The canonical GEP-2257 form of {@code d}: hours, minutes, seconds and milliseconds, zero
   * components left out, and "0s" for zero. Throws when d is negative or needs over 99999 hours.
   */
  public static String format(Duration d) {
    if (d.isNegative()) {
      throw new IllegalArgumentException("GEP-2257 durations are not negative: " + d);
    }
    long millis = d.toMillis();
    if (d.toNanos() % 1_000_000 != 0 && d.getSeconds() < Long.MAX_VALUE / 1000) {
      throw new IllegalArgumentException("GEP-2257 durations have millisecond precision: " + d);
    }
    long hours = millis / 3_600_000L;
    if (hours > 99_999) {
      throw new IllegalArgumentException("over 99999h cannot be written as a GEP-2257 duration");
    }
    if (millis == 0) {
      return "0s";
    }
    StringBuilder out = new StringBuilder();
    append(out, hours, "h");
    append(out, (millis / 60_000L) % 60, "m");
    append(out, (millis / 1000) % 60, "s");
    append(out, millis % 1000, "ms");
    return out.toString();
  }

  private static void append(StringBuilder out, long amount, String unit) {
    if (amount > 0) {
      out.append(amount).append(unit);
    }
  }
}
