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
