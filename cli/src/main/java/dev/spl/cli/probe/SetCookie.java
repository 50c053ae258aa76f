package dev.spl.cli.probe;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One Set-Cookie header: name, value and attributes (RFC 6265 §5.2). java.net.HttpCookie drops
 * SameSite, so the few lines are written here.
 */
record SetCookie(String name, String value, Map<String, String> attributes) {

  static SetCookie parse(String header) {
    String[] parts = header.split(";");
    String pair = parts[0].trim();
    int eq = pair.indexOf('=');
    String name = eq < 0 ? pair : pair.substring(0, eq).trim();
    String value = eq < 0 ? "" : pair.substring(eq + 1).trim();
    Map<String, String> attributes = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String attr = parts[i].trim();
      int e = attr.indexOf('=');
      String key = (e < 0 ? attr : attr.substring(0, e)).trim().toLowerCase(Locale.ROOT);
      attributes.put(key, e < 0 ? "" : attr.substring(e + 1).trim());
    }
    return new SetCookie(name, value, attributes);
  }

  /**
   * True for a cookie that removes itself rather than pins anything (RFC 6265 5.3: a Max-Age of
   * zero or less, an Expires in the past, or no value at all): {@code SRV=; Expires=Thu, 01 Jan
   * 1970 00:00:00 GMT} is a gateway clearing its cookie, not setting one.
   */
  boolean deletes() {
    if (value.isEmpty()) {
      return true;
    }
    String maxAge = get("max-age");
    if (maxAge != null) {
      try {
        return Long.parseLong(maxAge.trim()) <= 0; // Max-Age wins over Expires
      } catch (NumberFormatException e) {
        // not a number: ignored, as browsers do
      }
    }
    String expires = get("expires");
    if (expires != null) {
      try {
        return java.time.ZonedDateTime.parse(
                expires.trim(), java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME)
            .toInstant()
            .isBefore(java.time.Instant.now());
      } catch (java.time.format.DateTimeParseException e) {
        return false; // a date only browsers' lenient parsers read: not taken as a deletion
      }
    }
    return false;
  }

  boolean has(String attribute) {
    return attributes.containsKey(attribute.toLowerCase(Locale.ROOT));
  }

  String get(String attribute) {
    return attributes.get(attribute.toLowerCase(Locale.ROOT));
  }
}
