package dev.spl.schema;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GEP-2257 duration: one to four components of 1-5 digits, each with unit h, m, s or ms, in any
 * order, repeats allowed, and the whole string must match ({@code ^([0-9]{1,5}(h|m|s|ms)){1,4}$}).
 * The value is the sum of the components.
 */
public record GatewayDuration(String text, Duration value) {
  private static final int MAX_COMPONENTS = 4;
  private static final int MAX_DIGITS = 5;
  // a number (decimals allowed) and a unit, spaces before the next part allowed; "ms" before "m"
  private static final Pattern LENIENT_PART =
      Pattern.compile(
          "(\\d++(?:\\.\\d++)?) *+"
              + "(milliseconds?|msecs?|ms|minutes?|mins?|m|hours?|hrs?|h|days?|d|seconds?|secs?|s)"
              + "(?![A-Za-z]) *+");

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

  /**
   * The canonical GEP-2257 form of a duration written in a form people reach for that GEP-2257
   * refuses (days, decimals, spaces between parts, over five digits, more than four parts), with
   * exactly the same length of time; null when {@code text} has no such one reading (see {@link
   * #lenientMillis}) or needs over 99999 hours.
   */
  public static String repaired(String text) {
    Long millis = lenientMillis(text);
    if (millis == null || millis > 99_999L * 3_600_000L + 3_599_999L) {
      return null;
    }
    return format(Duration.ofMillis(millis));
  }

  /**
   * The length of time, in milliseconds, of a duration written as parts of a number (decimals
   * allowed) and a unit of d, h, m, s or ms, spaces allowed between parts ("2d", "1.5h", "1h 30m",
   * "100000s"); null when that is not how {@code text} is written (a bare number: seconds or
   * milliseconds?), for an unknown unit, a fraction of a millisecond, or a length no long holds.
   */
  public static Long lenientMillis(String text) {
    if (text == null) {
      return null;
    }
    String body = text.strip();
    Matcher part = LENIENT_PART.matcher(body);
    BigDecimal millis = BigDecimal.ZERO;
    int at = 0;
    while (at < body.length()) {
      // anchored at each part: a search would try every later start (quadratic on long input)
      if (!part.region(at, body.length()).lookingAt() || part.group(1).length() > 24) {
        return null;
      }
      String word = part.group(2); // the units people write out too: 30 min, 2 hours
      long unit =
          word.startsWith("mil") || word.startsWith("ms")
              ? 1L
              : word.startsWith("m")
                  ? 60_000L
                  : word.startsWith("h") ? 3_600_000L : word.startsWith("d") ? 86_400_000L : 1_000L;
      millis = millis.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(unit)));
      at = part.end();
    }
    if (at == 0 || millis.stripTrailingZeros().scale() > 0) {
      return null; // nothing read, or a fraction of a millisecond
    }
    // far past anything a cookie or a timeout means; also keeps the value a long
    return millis.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0
        ? null
        : millis.longValueExact();
  }

  /**
   * True when this valid duration repeats a unit or writes them out of order ({@code 1h1h}, {@code
   * 30m1h}): the grammar accepts it, and GEP-2257 says such forms SHOULD NOT be relied on.
   */
  public boolean repeatsOrReordersUnits() {
    int last = -1; // the rank of the last unit: h 0, m 1, s 2, ms 3
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        continue;
      }
      int rank;
      if (c == 'h') {
        rank = 0;
      } else if (c == 'm' && i + 1 < text.length() && text.charAt(i + 1) == 's') {
        rank = 3;
        i++;
      } else if (c == 'm') {
        rank = 1;
      } else {
        rank = 2;
      }
      if (rank <= last) {
        return true;
      }
      last = rank;
    }
    return false;
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
