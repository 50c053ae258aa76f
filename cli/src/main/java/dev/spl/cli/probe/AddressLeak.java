package dev.spl.cli.probe;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds a backend address in a cookie value: IPv4, IPv6 or host:port, in clear or base64. */
final class AddressLeak {
  private static final Pattern IPV4 =
      Pattern.compile(
          "(?<![0-9])(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}"
              + "(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?![0-9])");
  private static final Pattern IPV6 =
      Pattern.compile(
          "(?i)(?<![0-9a-f:])(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{1,4}(?![0-9a-f:])"
              + "|(?i)\\[?[0-9a-f:]*::[0-9a-f:]+\\]?");
  private static final Pattern HOST_PORT =
      Pattern.compile("(?i)[a-z0-9][a-z0-9.-]*\\.[a-z0-9-]+:\\d{2,5}\\b");

  private AddressLeak() {}

  /** What the value reveals, e.g. "127.0.0.1:8081 (base64)"; null when nothing is found. */
  static String find(String value) {
    String clear = scan(value);
    if (clear != null) {
      return clear;
    }
    for (Base64.Decoder decoder :
        new Base64.Decoder[] {Base64.getDecoder(), Base64.getUrlDecoder()}) {
      try {
        String decoded = new String(decoder.decode(pad(value)), StandardCharsets.ISO_8859_1);
        String found = scan(decoded);
        if (found != null) {
          return found + " (base64)";
        }
      } catch (IllegalArgumentException notBase64) {
        // not this alphabet
      }
    }
    return null;
  }

  /** The address the value carries, clear or base64 (without saying which); null when none. */
  static String address(String value) {
    String found = find(value);
    return found == null ? null : found.replace(" (base64)", "");
  }

  /**
   * {@code value} with the address {@code from} replaced by {@code to}, in the same encoding (clear
   * or base64, padded or not, either alphabet); null when {@code from} is not in it.
   */
  static String replace(String value, String from, String to) {
    if (value.contains(from)) {
      return value.replace(from, to);
    }
    for (boolean url : new boolean[] {false, true}) {
      Base64.Decoder decoder = url ? Base64.getUrlDecoder() : Base64.getDecoder();
      try {
        String decoded = new String(decoder.decode(pad(value)), StandardCharsets.ISO_8859_1);
        if (decoded.contains(from)) {
          Base64.Encoder encoder = url ? Base64.getUrlEncoder() : Base64.getEncoder();
          if (!value.endsWith("=") && !value.endsWith("%3D") && !value.endsWith("%3d")) {
            encoder = encoder.withoutPadding();
          }
          return encoder.encodeToString(
              decoded.replace(from, to).getBytes(StandardCharsets.ISO_8859_1));
        }
      } catch (IllegalArgumentException notBase64) {
        // not this alphabet
      }
    }
    return null;
  }

  private static String scan(String s) {
    for (Pattern p : new Pattern[] {HOST_PORT, IPV4, IPV6}) {
      Matcher m = p.matcher(s);
      if (m.find()) {
        return m.group();
      }
    }
    return null;
  }

  private static String pad(String s) {
    String t = s.replace("%3D", "=").replace("%3d", "=");
    return t.length() % 4 == 0 ? t : t + "=".repeat(4 - t.length() % 4);
  }
}
