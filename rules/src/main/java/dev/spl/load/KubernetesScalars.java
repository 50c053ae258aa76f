package dev.spl.load;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Resolves a plain (unquoted, untagged) YAML scalar the way Kubernetes does: sigs.k8s.io/yaml uses
 * go-yaml v2, whose YAML 1.1 table (yes/on/off booleans, Go's integer forms) neither snakeyaml
 * library reproduces exactly: snakeyaml-engine follows YAML 1.2, snakeyaml its own 1.1 table.
 */
final class KubernetesScalars {
  private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
  private static final Set<String> TRUES =
      Set.of("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON");
  private static final Set<String> FALSES =
      Set.of("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF");
  private static final Pattern DECIMAL_FLOAT =
      // Possessive: the same language as [-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?, in linear
      // time
      // (that form backtracks quadratically on a long digit run that ends in another character).
      Pattern.compile("[-+]?(?:\\d++(?:\\.\\d*+)?|\\.\\d++)(?:[eE][-+]?\\d++)?");

  private KubernetesScalars() {}

  /** Returns null, Boolean, Long, Double or the String itself. */
  static Object resolvePlain(String text) {
    if (NULLS.contains(text)) {
      return null;
    }
    if (TRUES.contains(text)) {
      return Boolean.TRUE;
    }
    if (FALSES.contains(text)) {
      return Boolean.FALSE;
    }
    char first = text.charAt(0);
    // go-yaml only tries numbers for scalars that start like one.
    if (!(Character.isDigit(first) || first == '+' || first == '-' || first == '.')) {
      return text;
    }
    switch (text) {
      case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
        return Double.POSITIVE_INFINITY;
      case "-.inf", "-.Inf", "-.INF":
        return Double.NEGATIVE_INFINITY;
      case ".nan", ".NaN", ".NAN":
        return Double.NaN;
      default:
        break;
    }
    String plain = text.replace("_", "");
    Long integer = parseGoInt(plain);
    if (integer != null) {
      return integer;
    }
    if (DECIMAL_FLOAT.matcher(plain).matches()) {
      return Double.parseDouble(plain);
    }
    return text;
  }

  /** Go's strconv.ParseInt(s, 0, 64): sign, then 0x / 0o / 0b / leading-0 octal or decimal. */
  private static Long parseGoInt(String s) {
    if (s.isEmpty()) {
      return null;
    }
    int i = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    String digits = s.substring(i);
    int radix = 10;
    if (digits.length() > 2 && digits.charAt(0) == '0') {
      char p = Character.toLowerCase(digits.charAt(1));
      if (p == 'x' || p == 'o' || p == 'b') {
        radix = p == 'x' ? 16 : p == 'o' ? 8 : 2;
        digits = digits.substring(2);
      } else {
        radix = 8;
        digits = digits.substring(1);
      }
    } else if (digits.length() == 2 && digits.charAt(0) == '0') {
      radix = 8;
      digits = digits.substring(1);
    }
    if (digits.isEmpty()) {
      return null;
    }
    for (int k = 0; k < digits.length(); k++) {
      if (Character.digit(digits.charAt(k), radix) < 0) {
        return null;
      }
    }
    try {
      long value = Long.parseLong(digits, radix);
      return negative ? -value : value;
    } catch (NumberFormatException tooBig) {
      return null;
    }
  }
}
