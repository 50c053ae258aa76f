package dev.spl.rules.schema;

import dev.spl.model.Node;
import dev.spl.model.ScalarNode;
import dev.spl.schema.SchemaViolation;

/** Messages for cookie and header names, which share the CRD's token pattern and lengths. */
final class TokenNames {
  private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~";

  private TokenNames() {}

  /** The message for a violation of a name field, or null when it is not about the name. */
  static String message(SchemaViolation v, String what) {
    return switch (v.kind()) {
      case REQUIRED -> v.field() + " is required; set the " + what + " name the client sends back";
      case MIN_LENGTH -> v.field() + " is empty; give the " + what + " a name such as session";
      case MAX_LENGTH ->
          v.field() + " is " + length(v.node()) + " characters, over the 256 limit; shorten it";
      case PATTERN ->
          v.field()
              + " "
              + quoted(v.node())
              + " has "
              + firstBadChar(v.node())
              + ", not allowed in a "
              + what
              + " name; use letters, digits and "
              + TOKEN_CHARS;
      default -> null;
    };
  }

  private static int length(Node node) {
    String s = (String) ((ScalarNode) node).value();
    return s.codePointCount(0, s.length());
  }

  private static String quoted(Node node) {
    return ((ScalarNode) node).quoted();
  }

  private static String firstBadChar(Node node) {
    String s = (String) ((ScalarNode) node).value();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok = (c < 128 && Character.isLetterOrDigit(c)) || TOKEN_CHARS.indexOf(c) >= 0;
      if (!ok) {
        return c == ' ' ? "a space" : c < 32 || c == 127 ? "a control character" : "'" + c + "'";
      }
    }
    return "a character";
  }
}
