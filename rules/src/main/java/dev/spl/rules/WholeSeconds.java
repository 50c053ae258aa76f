package dev.spl.rules;

/**
 * A lifetime the controllers' CRDs and APIs take as whole seconds in a range: a YAML integer, not a
 * string ("3600"), a fraction or a duration ("1h").
 */
public final class WholeSeconds {
  private WholeSeconds() {}

  /** True for a YAML integer from {@code min} to {@code max}. */
  public static boolean within(Object value, long min, long max) {
    return (value instanceof Integer || value instanceof Long)
        && ((Number) value).longValue() >= min
        && ((Number) value).longValue() <= max;
  }
}
