package dev.spl.rules;

import java.util.List;

/**
 * Booleans as Go's strconv.ParseBool reads them, which is how ingress-nginx and Traefik read their
 * annotations: "yes" or "on" is not true.
 */
public final class GoBool {
  /** The spellings ParseBool reads as true; everything else is false or an error. */
  public static final List<String> TRUE = List.of("1", "t", "T", "TRUE", "true", "True");

  private GoBool() {}

  /** True when {@code text} (null: absent) parses as true. */
  public static boolean isTrue(String text) {
    return text != null && TRUE.contains(text);
  }
}
